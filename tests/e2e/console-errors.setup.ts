import { afterEach, beforeEach, expect } from 'vitest';
import { reportConsoleErrors, takeConsoleErrors } from './console-errors';

// Each browser test starts with no errors on record and fails on any its pages logged (console-errors.ts).
beforeEach(() => void takeConsoleErrors());

afterEach((context) => {
  const errors = takeConsoleErrors();
  if (reportConsoleErrors(`${context.task.file?.name ?? ''} > ${context.task.name}`, errors)) return;
  expect(errors, 'console errors or uncaught exceptions in the browser').toEqual([]);
});
