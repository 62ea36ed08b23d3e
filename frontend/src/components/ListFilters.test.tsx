import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '../test/i18n';
import { render, screen } from '../test/render';
import { ListFilters, type FilteredList } from './ListFilters';

/** A caller as the lists are: its labels from its own catalogue (the audit's), its filters in its state. */
function Filters({ list, onAction }: { list: FilteredList; onAction?: (value: string) => void }) {
  const { t } = useTranslation('adminAudit');
  const [action, setAction] = useState('');
  const [target, setTarget] = useState('');
  const [from, setFrom] = useState('');
  return (
    <ListFilters
      list={list}
      align="flex-start"
      fields={[
        {
          kind: 'select',
          key: 'action',
          label: t('filters.action'),
          value: action,
          onChange: (value) => {
            setAction(value);
            onAction?.(value);
          },
          options: [
            { value: '', label: t('filters.allActions') },
            { value: 'order.refund', label: 'refund' },
          ],
        },
        { kind: 'search', key: 'actor', label: t('filters.actor') },
        {
          kind: 'text',
          key: 'target',
          label: t('filters.target'),
          value: target,
          onChange: setTarget,
          error: target === 'x' ? t('filters.targetInvalid') : undefined,
        },
        { kind: 'date', key: 'from', label: t('filters.from'), value: from, onChange: setFrom },
      ]}
      reset={{
        label: t('filters.clear'),
        shown: action !== '' || target !== '' || from !== '' || list.search !== '',
        onReset: () => {
          setAction('');
          setTarget('');
          setFrom('');
        },
      }}
    />
  );
}

/** A list's search and page, as usePagedSearchList keeps them. */
function fakeList(search = '') {
  return { search, changeSearch: vi.fn(), resetPage: vi.fn() } satisfies FilteredList;
}

describe('ListFilters', () => {
  it('names every control by its label, in both languages', async () => {
    render(<Filters list={fakeList()} />);
    expect(screen.getByRole('combobox', { name: 'action' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'actor' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'about' })).toBeInTheDocument();
    expect(screen.getByLabelText('from')).toHaveAttribute('type', 'date');
    // Nothing filtered: no reset.
    expect(screen.queryByRole('button', { name: 'clear filters' })).toBeNull();

    await setTestLanguage('zh-CN');
    expect(screen.getByRole('combobox', { name: '操作' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '操作者' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '对象' })).toBeInTheDocument();
    expect(screen.getByLabelText('开始日期')).toHaveAttribute('type', 'date');
  });

  it('goes back to page 1 on any change; the search goes through the list', async () => {
    const list = fakeList();
    const onAction = vi.fn();
    const { user } = render(<Filters list={list} onAction={onAction} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'action' }), 'order.refund');
    expect(onAction).toHaveBeenLastCalledWith('order.refund');
    expect(list.resetPage).toHaveBeenCalledTimes(1);
    await user.type(screen.getByRole('searchbox', { name: 'about' }), 'a');
    expect(list.resetPage).toHaveBeenCalledTimes(2);
    await user.type(screen.getByRole('searchbox', { name: 'actor' }), 'b');
    expect(list.changeSearch).toHaveBeenLastCalledWith('b');
  });

  it('shows a field’s error on the field', async () => {
    const { user } = render(<Filters list={fakeList()} />);
    const target = screen.getByRole('searchbox', { name: 'about' });
    await user.type(target, 'x');
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(target).toHaveAccessibleDescription('an e-mail, an order number (SK…) or a seat id');
  });

  it('resets the caller’s filters and the search, from the keyboard', async () => {
    const list = fakeList('someone');
    const { user } = render(<Filters list={list} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'action' }), 'order.refund');
    // Tab order follows the fields, then the reset.
    await user.click(screen.getByLabelText('from'));
    await user.tab();
    const reset = screen.getByRole('button', { name: 'clear filters' });
    expect(reset).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(list.changeSearch).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('combobox', { name: 'action' })).toHaveValue('');
  });
});
