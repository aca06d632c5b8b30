// The account feature's public entry: its wiring and the account mail (verification, reset, change of address).
export { registerAccount, type AccountModuleDeps } from './account-module.js';
export { createAccountMail } from './account-mail.js';
