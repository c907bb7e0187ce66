import { describe, expect, it } from 'vitest';
import { paragraph, render, text } from './render-test-support.ts';

describe('interactive and card nodes', () => {
  it('renders a quiz in the spec shape: radios for one answer, checkboxes for several', () => {
    const out = render({
      type: 'blockQuiz',
      attrs: {
        quizId: 'quiz_1',
        questions: [
          {
            id: 'q1',
            question: 'Capital of France?',
            options: [
              { id: 'a', text: 'Paris', correct: true },
              { id: 'b', text: 'Rome', correct: false },
            ],
          },
          {
            id: 'q2',
            question: 'Primes?',
            options: [
              { id: 'a', text: '2', correct: true },
              { id: 'b', text: '3', correct: true },
              { id: 'c', text: '4', correct: false },
            ],
          },
        ],
      },
    });
    expect(out).toContain('<section class="quiz" data-quiz aria-label="Quiz">');
    expect(out).toContain('<legend>1. Capital of France?</legend>');
    expect(out).toMatch(
      /<input type="radio" id="quiz-1-q1-o1" name="quiz-1-q1" value="1" data-correct>\s*<label for="quiz-1-q1-o1">Paris<\/label>/,
    );
    expect(out).toMatch(/<input type="radio" id="quiz-1-q1-o2" name="quiz-1-q1" value="2">/);
    expect(out).toContain(
      '<input type="checkbox" id="quiz-1-q2-o2" name="quiz-1-q2" value="2" data-correct>',
    );
    expect(out).toContain('Choose every answer that applies.');
    expect(out).toContain('<div class="quiz-actions" data-quiz-actions hidden>');
  });

  it("renders a quiz in the product's shape (question_id, answers)", () => {
    const out = render({
      type: 'blockQuiz',
      attrs: {
        quizId: 'quiz_2',
        questions: [
          {
            question_id: 'q',
            question: 'Sky colour?',
            answers: [
              { answer_id: 'x', answer: 'Blue', correct: true },
              { answer_id: 'y', answer: 'Green', correct: false },
            ],
          },
        ],
      },
    });
    expect(out).toContain('<legend>1. Sky colour?</legend>');
    expect(out).toMatch(/data-correct>\s*<label for="quiz-1-q1-o1">Blue<\/label>/);
    expect(out).toContain('>Green</label>');
  });

  it('gives two quizzes on one page distinct element ids', () => {
    const quiz = {
      type: 'blockQuiz',
      attrs: { questions: [{ question: 'Q', options: [{ text: 'A', correct: true }] }] },
    };
    const out = render(quiz, quiz);
    expect(out).toContain('id="quiz-1-q1-o1"');
    expect(out).toContain('id="quiz-2-q1-o1"');
  });

  it('renders a flipcard as a disclosure that shows one face at a time', () => {
    const out = render({
      type: 'flipcard',
      attrs: { question: 'H2O?', answer: 'Water', color: 'green', alignment: 'left', size: 'large' },
    });
    expect(out).toContain('<details class="flipcard tone-green align-left size-large">');
    expect(out).toMatch(
      /<summary>\s*<span class="flipcard-face flipcard-front"><span class="flipcard-side">Question<\/span> H2O\?/,
    );
    expect(out).toContain('<span class="flipcard-side">Answer</span> Water');
  });

  it('renders scenarios as linked steps, starting at currentScenarioId, ending in a finish step', () => {
    const out = render({
      type: 'scenarios',
      attrs: {
        title: 'Lab safety',
        currentScenarioId: 'b',
        scenarios: [
          { id: 'a', text: 'You spill acid.', options: [{ id: 'o1', text: 'Rinse', nextScenarioId: 'b' }] },
          { id: 'b', text: 'Well done.', options: [{ id: 'o2', text: 'Finish', nextScenarioId: null }] },
        ],
      },
    });
    expect(out).toContain(
      '<section class="scenarios" data-scenarios data-start="scenario-1-2" aria-label="Lab safety">',
    );
    expect(out).toContain('<a href="#scenario-1-2" data-next="scenario-1-2">Rinse</a>');
    expect(out).toContain('<a href="#scenario-1-end" data-next="scenario-1-end">Finish</a>');
    expect(out).toContain('You reached the end of this scenario.');
  });

  it('renders a button as a safe link with its colour and alignment, and a badge', () => {
    const out = render(
      {
        type: 'button',
        attrs: { emoji: '🚀', link: 'https://example.test/start', color: 'purple', alignment: 'center' },
        content: [text('Start the lab')],
      },
      { type: 'badge', attrs: { color: 'sky', emoji: '💡' }, content: [text('New', [{ type: 'bold' }])] },
    );
    expect(out).toContain(
      '<p class="node-button-row align-center"><a class="button node-button tone-purple" href="https://example.test/start" rel="noopener noreferrer"><span class="emoji" aria-hidden="true">🚀</span> Start the lab</a></p>',
    );
    expect(out).toContain(
      '<span class="node-badge tone-sky"><span class="emoji" aria-hidden="true">💡</span> <strong>New</strong></span>',
    );
  });

  it('renders a user card from public fields only, and a note for an unknown user', () => {
    const out = render(
      { type: 'blockUser', attrs: { user_id: 42 } },
      { type: 'blockUser', attrs: { user_id: 7 } },
    );
    expect(out).toContain('<span class="avatar" aria-hidden="true">AL</span>');
    expect(out).toContain('<p class="user-name">Ada Lovelace</p>');
    expect(out).toContain('@ada');
    expect(out).toContain('Wrote the first program.');
    expect(out).toContain("This person's profile is not available.");
  });

  it('renders a web preview as a link card without loading anything remote', () => {
    const out = render({
      type: 'blockWebPreview',
      attrs: {
        url: 'https://example.test/article',
        title: 'An article',
        description: 'About cells',
        og_image: 'https://images.example.test/x.png',
        showButton: true,
        buttonLabel: 'Read it',
      },
    });
    expect(out).toContain('<p class="web-preview-host">example.test</p>');
    expect(out).toContain('<a href="https://example.test/article" rel="noopener noreferrer">An article</a>');
    expect(out).toContain('About cells');
    expect(out).toContain('>Read it</a>');
    expect(out).not.toContain('images.example.test');
  });

  it('renders an unknown node as a neutral placeholder', () => {
    const out = render({
      type: 'blockMagic',
      attrs: { htmlContent: '<b>hi</b>' },
      content: [paragraph(text('inside'))],
    });
    expect(out).toContain(
      '<div class="node-unknown" role="note">This part of the page (blockMagic) cannot be shown here.</div>',
    );
    expect(out).not.toContain('hi</b>');
    expect(out).not.toContain('inside');
  });
});
