// The dashboard's first script (a classic script of its own, loaded before the bundle; see web/vite.config.ts):
// asks the site dashboard's first questions while the browser still loads and parses the bundle (main.tsx), which
// then takes the answers over (api/early-answers.ts).
import { apiFetch } from './api/client';
import { keepEarlyAnswer } from './api/early-answers';
import { askInTurn, siteDashboardFirstQuestions } from './view-state/site-dashboard-first-questions';

const questions = siteDashboardFirstQuestions(window.location, new Date());
askInTurn(questions, (question) => apiFetch(question.url)).forEach((response, index) => {
  const question = questions[index];
  if (question) keepEarlyAnswer(question.url, response);
});
