// Small enhancements for activity pages (the pages work without them): quizzes checked in
// the browser, and branching scenarios shown one step at a time. Loaded as a module from our
// own origin; the page's CSP allows no inline script.

/** A quiz is right when, for every question, exactly its correct options are chosen. */
function setUpQuiz(quiz) {
  const questions = [...quiz.querySelectorAll('[data-question]')];
  const result = quiz.querySelector('[data-quiz-result]');
  const actions = quiz.querySelector('[data-quiz-actions]');
  if (!result || !actions) return;
  actions.hidden = false;

  quiz.querySelector('[data-quiz-check]')?.addEventListener('click', () => {
    let right = 0;
    for (const question of questions) {
      const options = [...question.querySelectorAll('input')];
      const correct = options.every((input) => input.checked === input.hasAttribute('data-correct'));
      if (correct) right++;
      question.classList.toggle('is-correct', correct);
      question.classList.toggle('is-wrong', !correct);
      const feedback = question.querySelector('[data-feedback]');
      if (feedback) feedback.textContent = correct ? 'Correct.' : 'Not quite: check this question again.';
    }
    result.textContent =
      right === questions.length
        ? `All ${questions.length} answered correctly. Well done!`
        : `${right} of ${questions.length} answered correctly. Change your answers and check again.`;
  });

  quiz.querySelector('[data-quiz-reset]')?.addEventListener('click', () => {
    for (const question of questions) {
      for (const input of question.querySelectorAll('input')) input.checked = false;
      question.classList.remove('is-correct', 'is-wrong');
      const feedback = question.querySelector('[data-feedback]');
      if (feedback) feedback.textContent = '';
    }
    result.textContent = '';
    questions[0]?.querySelector('input')?.focus();
  });
}

/** Shows the step a choice leads to and moves focus there, so screen readers follow along. */
function setUpScenarios(root) {
  const steps = [...root.querySelectorAll('[data-scenario]')];
  const show = (id, moveFocus) => {
    const target = steps.find((step) => step.id === id) ?? steps[0];
    for (const step of steps) step.hidden = step !== target;
    if (moveFocus) target.focus();
  };
  show(root.dataset.start, false);
  root.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('[data-next]') : null;
    if (!link || !root.contains(link)) return;
    event.preventDefault();
    show(link.getAttribute('data-next'), true);
  });
}

for (const quiz of document.querySelectorAll('[data-quiz]')) setUpQuiz(quiz);
for (const scenario of document.querySelectorAll('[data-scenarios]')) setUpScenarios(scenario);
