import { emailProblem, normalizeEmail } from './vip-rules';

describe('VIP e-mail rules', () => {
  it.each([
    ['student@example.com', null],
    ['  Student@Example.COM ', null],
    ['no-at-sign.example.com', 'Invalid email format'],
    ['a@b', 'Must be a valid email address'],
    ['two@@example.com', 'Must be a valid email address'],
    ['white space@example.com', 'Must be a valid email address'],
    ['', 'Must be a valid email address'],
    [42, 'Must be a valid email address'],
  ])('%p → %p', (input, problem) => {
    expect(emailProblem(input)).toBe(problem);
  });

  it('normalises case and spaces', () => {
    expect(normalizeEmail('  Student@Example.COM ')).toBe('student@example.com');
  });
});
