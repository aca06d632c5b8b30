// The members feature's public entry: its wiring and the invitation mail.
export { registerMembers, type MembersModuleDeps } from './members-module.js';
export { sendInvitationEmail } from './invitation-mail.js';
