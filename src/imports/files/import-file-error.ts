// A file that cannot be imported, with the place it goes wrong.
export class ImportFileError extends Error {
  constructor(
    /** Where: `file.csv line 7` (or just the file). */
    readonly where: string,
    /** What is wrong there (the message without the place). */
    readonly reason: string,
  ) {
    super(`${where}: ${reason}`);
    this.name = 'ImportFileError';
  }
}
