import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderIn } from '../test/i18n';
import ConfirmDialog from './ConfirmDialog';

const dialog = (
  <ConfirmDialog
    opened
    title="t"
    text="x"
    confirmLabel="ok"
    running={false}
    onClose={() => {}}
    onConfirm={() => {}}
  />
);

describe("a dialog's close button (the theme names every modal's and drawer's)", () => {
  it('is named in the active language', async () => {
    await renderIn('en', dialog);
    expect(screen.getByRole('button', { name: 'Close dialog' })).toBeInTheDocument();
  });

  it('is named in Chinese', async () => {
    await renderIn('zh-CN', dialog);
    expect(screen.getByRole('button', { name: '关闭对话框' })).toBeInTheDocument();
  });
});
