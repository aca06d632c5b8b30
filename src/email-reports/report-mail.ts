// The report mail: subject, a text part and an HTML part (tables and inline styles, which common clients render)
// with the chart inlined as a PNG, a link to the dashboard view of the period, and the one-click unsubscribe
// headers (RFC 2369 List-Unsubscribe, RFC 8058 List-Unsubscribe-Post).
import type { MailContent } from '../platform/mail/mail-message.js';
import type { RankedRow, ReportFigures } from './report-figures.js';

export const CHART_CID = 'visitors-chart.png';

export interface ReportMailInput {
  readonly figures: ReportFigures;
  readonly siteName: string;
  readonly dashboardUrl: string;
  readonly unsubscribeUrl: string;
  readonly chartPng: Buffer;
}

/** `+12.5%`, `-3%`, or `new` when the previous period had none (and `0%` when neither had any). */
export function changeText(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? '0%' : 'new';
  const change = Math.round(((current - previous) / previous) * 1000) / 10;
  return `${change > 0 ? '+' : ''}${change}%`;
}

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

function duration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
}

interface Headline {
  readonly label: string;
  readonly value: string;
  readonly change: string;
}

function headlines(figures: ReportFigures): Headline[] {
  const { current: c, previous: p } = figures;
  return [
    { label: 'Visitors', value: String(c.users), change: changeText(c.users, p.users) },
    { label: 'Pageviews', value: String(c.pageviews), change: changeText(c.pageviews, p.pageviews) },
    { label: 'Bounce rate', value: `${c.bounce_rate}%`, change: changeText(c.bounce_rate, p.bounce_rate) },
    { label: 'Visit duration', value: duration(c.session_duration), change: changeText(c.session_duration, p.session_duration) },
  ];
}

function sections(figures: ReportFigures): Array<{ title: string; rows: Array<[string, string]> }> {
  const ranked = (rows: readonly RankedRow[]) => rows.map((row): [string, string] => [row.value === '' ? '(none)' : row.value, String(row.count)]);
  return [
    { title: 'Top pages', rows: ranked(figures.pages) },
    { title: 'Top sources', rows: ranked(figures.sources) },
    { title: 'Top countries', rows: ranked(figures.countries) },
    { title: 'Goals', rows: figures.goals.map((goal): [string, string] => [goal.name, `${goal.conversions} (${Math.round(goal.rate * 1000) / 10}%)`]) },
  ];
}

function periodTitle(figures: ReportFigures): string {
  return `${figures.period.kind === 'weekly' ? 'Weekly' : 'Monthly'} report`;
}

export function reportMail(input: ReportMailInput): MailContent {
  const { figures, siteName } = input;
  const range = `${figures.period.startDate} to ${figures.period.endDate}`;
  const tops = sections(figures);
  const text = [
    `${periodTitle(figures)} for ${siteName}: ${range} (${figures.timeZone})`,
    '',
    ...headlines(figures).map((line) => `${line.label}: ${line.value} (${line.change} against the period before)`),
    ...tops.flatMap((section) => ['', `${section.title}:`, ...(section.rows.length === 0 ? ['  none'] : section.rows.map(([label, value]) => `  ${label}: ${value}`))]),
    '',
    `Open this period in the dashboard: ${input.dashboardUrl}`,
    `Unsubscribe from this report: ${input.unsubscribeUrl}`,
  ].join('\n');
  const cell = 'padding:4px 8px;border-bottom:1px solid #e2e8f0;font-size:14px';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(periodTitle(figures))}</title></head>
<body style="margin:0;padding:16px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0">
<tr><td style="padding:16px"><h1 style="font-size:20px;margin:0 0 4px">${escapeHtml(periodTitle(figures))} for ${escapeHtml(siteName)}</h1>
<p style="margin:0;color:#475569;font-size:14px">${escapeHtml(range)} (${escapeHtml(figures.timeZone)})</p></td></tr>
<tr><td style="padding:0 16px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>
${headlines(figures).map((line) => `<td style="padding:8px;text-align:center"><div style="font-size:12px;color:#475569">${line.label}</div><div style="font-size:20px;font-weight:bold">${escapeHtml(line.value)}</div><div style="font-size:12px;color:#475569">${escapeHtml(line.change)}</div></td>`).join('\n')}
</tr></table></td></tr>
<tr><td style="padding:8px 16px"><img src="cid:${CHART_CID}" width="560" height="160" alt="Visitors per day, ${escapeHtml(range)}" style="display:block;max-width:100%;height:auto"></td></tr>
${tops.map((section) => `<tr><td style="padding:8px 16px"><h2 style="font-size:16px;margin:8px 0">${section.title}</h2><table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${section.rows.length === 0 ? `<tr><td style="${cell};color:#475569">none</td></tr>` : section.rows.map(([label, value]) => `<tr><td style="${cell}">${escapeHtml(label)}</td><td style="${cell};text-align:right">${escapeHtml(value)}</td></tr>`).join('\n')}
</table></td></tr>`).join('\n')}
<tr><td style="padding:16px"><a href="${escapeHtml(input.dashboardUrl)}" style="color:#4338ca">Open this period in the dashboard</a></td></tr>
<tr><td style="padding:0 16px 16px;font-size:12px;color:#475569"><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#475569">Unsubscribe</a> from this report.</td></tr>
</table></body></html>`;
  return {
    subject: `${periodTitle(figures)} for ${siteName}: ${range}`,
    text,
    html,
    images: [{ cid: CHART_CID, contentType: 'image/png', base64: input.chartPng.toString('base64') }],
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
