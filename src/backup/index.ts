// The backup feature's public entry: backing up and restoring an instance (the CLI's commands).
export { backupInstance, restoreInstance } from './instance-backup.js';
