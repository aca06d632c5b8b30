// The dashboard's first script (a classic script of its own, loaded before the bundle; see web/vite.config.ts):
// asks the site dashboard's first questions while the browser still loads and parses the bundle (main.tsx), which
// then takes the answers over (api/early-answers.ts).
import { apiFetch } from './api/client';
import { keepEarlyAnswer } from './api/early-answers';
import { siteDashboardFirstQuestions } from './view-state/site-dashboard-first-questions';

for (const question of siteDashboardFirstQuestions(window.location, new Date())) keepEarlyAnswer(question.url, apiFetch(question.url));
