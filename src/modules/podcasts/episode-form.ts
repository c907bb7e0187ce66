/**
 * Reads the multipart form of a new episode: text fields `title` (required), `description`
 * and `episode_number`, and one file `audio_file`, handed to `save` as it streams in (the
 * only place its bytes pass through). Whatever goes wrong after the file was saved, the
 * file is discarded before the error travels on.
 */
import type { FastifyRequest } from 'fastify';
import { invalid } from '../../core/errors/http-errors.ts';
import type { IncomingFile, ReceivedUpload } from '../../core/uploads/receive-upload.ts';
import type { EpisodeInput } from './episodes.ts';

export interface AudioSink {
  save(file: IncomingFile): Promise<ReceivedUpload>;
  discard(audio: ReceivedUpload): Promise<void>;
}

const TITLE_MAX = 300;
const DESCRIPTION_MAX = 20_000;

function episodeInput(fields: Record<string, string>): EpisodeInput {
  const title = fields.title?.trim();
  if (!title) throw invalid(['body', 'title'], 'Field required', fields.title, 'missing');
  if (title.length > TITLE_MAX) {
    throw invalid(
      ['body', 'title'],
      `String should have at most ${TITLE_MAX} characters`,
      title,
      'string_too_long',
    );
  }
  const description = fields.description ?? null;
  if (description !== null && description.length > DESCRIPTION_MAX) {
    throw invalid(
      ['body', 'description'],
      `String should have at most ${DESCRIPTION_MAX} characters`,
      undefined,
    );
  }
  const number = fields.episode_number?.trim();
  if (number !== undefined && number !== '' && !/^[1-9]\d{0,8}$/.test(number)) {
    throw invalid(
      ['body', 'episode_number'],
      'Input should be a positive whole number',
      number,
      'int_parsing',
    );
  }
  return { title, description, episode_number: number ? Number(number) : undefined };
}

export async function readEpisodeForm(
  request: FastifyRequest,
  sink: AudioSink,
): Promise<{ input: EpisodeInput; audio: ReceivedUpload | undefined }> {
  if (!request.isMultipart()) {
    throw invalid(
      ['body'],
      'Expected multipart/form-data with title and audio_file',
      undefined,
      'model_attributes_type',
    );
  }
  const fields: Record<string, string> = {};
  let audio: ReceivedUpload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'audio_file' || audio) {
        part.file.resume();
        throw invalid(
          ['body', part.fieldname],
          'Only one file, named audio_file, is accepted',
          part.filename,
        );
      }
      audio = await sink.save(part);
    }
    return { input: episodeInput(fields), audio };
  } catch (error) {
    if (audio) await sink.discard(audio);
    throw error;
  }
}
