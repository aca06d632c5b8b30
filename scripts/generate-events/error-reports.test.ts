import { describe, expect, it } from 'vitest';
import type { ErrorsTable } from './catalog-schema.js';
import { ErrorReports } from './error-reports.js';
import { Prng } from './prng.js';

const TABLE: ErrorsTable = {
  bundles: ['/assets/app.js', '/assets/vendor.js'],
  errors: [
    {
      weight: 1,
      type: { v8: 'TypeError', jsc: 'TypeError', gecko: 'TypeError' },
      message: { v8: "Cannot read properties of undefined (reading 'map')", jsc: "undefined is not an object (evaluating 'a.map')", gecko: 'a is undefined' },
      frames: [['render', 0, 1, 200], ['commit', 1, 3, 40]],
    },
    {
      weight: 1000,
      type: { v8: 'RangeError', jsc: 'RangeError', gecko: 'InternalError' },
      message: { v8: 'Maximum call stack size exceeded', jsc: 'Maximum call stack size exceeded.', gecko: 'too much recursion' },
      frames: [],
      paths: ['/dashboard'],
    },
  ],
};

const reports = new ErrorReports(TABLE, 'https://example.test');

describe('ErrorReports', () => {
  it.each([
    ['v8', 'TypeError', {
      message: "Cannot read properties of undefined (reading 'map')",
      stack: "TypeError: Cannot read properties of undefined (reading 'map')\n    at render (https://example.test/assets/app.js:1:200)\n    at commit (https://example.test/assets/vendor.js:3:40)",
      fileName: 'https://example.test/assets/app.js', lineNumber: 1, columnNumber: 200,
    }],
    ['jsc', 'TypeError', {
      message: "undefined is not an object (evaluating 'a.map')",
      stack: 'render@https://example.test/assets/app.js:1:200\ncommit@https://example.test/assets/vendor.js:3:40',
      fileName: 'https://example.test/assets/app.js', lineNumber: 1, columnNumber: 200,
    }],
    ['gecko', 'TypeError', {
      message: 'a is undefined',
      stack: 'render@https://example.test/assets/app.js:1:200\ncommit@https://example.test/assets/vendor.js:3:40',
      fileName: 'https://example.test/assets/app.js', lineNumber: 1, columnNumber: 200,
    }],
  ] as const)('words a %s error as that engine does', (engine, eventName, props) => {
    const report = reports.draw(new Prng(1), engine, '/pricing');
    expect(report.eventName).toBe(eventName);
    expect(JSON.parse(report.props)).toEqual(props);
  });

  it('keeps page-specific errors on their pages, and they may dominate there', () => {
    const rng = new Prng(2);
    const elsewhere = new Set(Array.from({ length: 500 }, () => reports.draw(rng, 'gecko', '/pricing').eventName));
    const onDashboard = Array.from({ length: 500 }, () => reports.draw(rng, 'gecko', '/dashboard').eventName);
    expect([...elsewhere]).toEqual(['TypeError']);
    expect(onDashboard.filter((name) => name === 'InternalError').length).toBeGreaterThan(480);
  });

  it('reports an error without frames with an empty location', () => {
    const rng = new Prng(3);
    const report = reports.draw(rng, 'v8', '/dashboard');
    expect(JSON.parse(report.props)).toEqual({ message: 'Maximum call stack size exceeded', fileName: '', lineNumber: 0, columnNumber: 0 });
  });
});
