// Where a session's recording is played.
export const replayPath = (site: string, sessionId: string) => `/sites/${encodeURIComponent(site)}/replays/${encodeURIComponent(sessionId)}`;
