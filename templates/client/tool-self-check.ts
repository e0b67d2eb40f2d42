// The PGSI self-check: scored here, on the reader's device; nothing is stored or sent.
import { PGSI_QUESTIONS, pgsiBand, pgsiScore } from '../lib/pgsi.js';
import { setupTool } from './tools/kit.js';

setupTool('selfcheck', (t) => {
  const answers = PGSI_QUESTIONS.map((_, i) => {
    const checked = t.form.querySelector<HTMLInputElement>(`input[name="q${i + 1}"]:checked`);
    return checked ? Number(checked.value) : undefined;
  });
  const score = pgsiScore(answers);
  if (score === undefined) {
    const left = answers.filter((a) => a === undefined).length;
    t.result(
      'result',
      [
        `Answer ${left === 9 ? 'all nine questions' : `the ${left} question${left === 1 ? '' : 's'} left`} ` +
          'to see your score.',
      ],
      'ask',
    );
    return;
  }
  const band = pgsiBand(score);
  t.result('result', [['Your score', `${score} of 27. ${band.title}.`], band.text]);
});
