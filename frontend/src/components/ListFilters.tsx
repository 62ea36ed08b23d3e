import { Button, Group, NativeSelect, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PagedSearchList } from './use-paged-search-list';

/** A control's width, as Mantine takes it (a number, or per breakpoint for the phone's layout). */
type Width = TextInputProps['w'];

/** What every control has: its visible label (its accessible name), from the caller's catalogue. */
interface FieldBase {
  /** Tells the fields apart (React's key). */
  key: string;
  label: string;
  w?: Width;
}

/** The list's own search box: typing goes back to page 1, the server is asked once typing pauses. */
export interface SearchField extends FieldBase {
  kind: 'search';
  placeholder?: string;
}

/** A choice among options, the first one usually "all". */
export interface SelectField extends FieldBase {
  kind: 'select';
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}

/** A free text filter beside the search (e.g. the audit's target), with its own error. */
export interface TextField extends FieldBase {
  kind: 'text';
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  error?: string;
}

/** One day (YYYY-MM-DD), an end of a date range. */
export interface DateField extends FieldBase {
  kind: 'date';
  value: string;
  onChange: (value: string) => void;
}

export type ListFilterField = SearchField | SelectField | TextField | DateField;

/** The part of a paged list that its filters drive. */
export type FilteredList = Pick<PagedSearchList<unknown>, 'search' | 'changeSearch' | 'resetPage'>;

/**
 * The filter bar of a back-office list (orders, audit, mail, VIP): the fields in the order given, each
 * a native, labelled control (keyboard as the browser gives it), wrapping on a phone. Any change goes
 * back to page 1. `reset`, when shown, empties the search and calls `onReset` for the caller's own
 * filters. `children` follow the fields in the same row (e.g. counts).
 */
export function ListFilters({
  list,
  fields,
  reset,
  align = 'flex-end',
  children,
}: {
  list: FilteredList;
  fields: ListFilterField[];
  reset?: { label: string; shown: boolean; onReset: () => void };
  /** How the controls line up: at their bottom, or at their top when one may show an error. */
  align?: 'flex-end' | 'flex-start';
  children?: ReactNode;
}) {
  const changed = (onChange: (value: string) => void) => (value: string) => {
    onChange(value);
    list.resetPage();
  };

  return (
    <Group align={align} gap="sm" wrap="wrap">
      {fields.map((field) => {
        switch (field.kind) {
          case 'search':
            return (
              <TextInput
                key={field.key}
                type="search"
                label={field.label}
                placeholder={field.placeholder}
                value={list.search}
                onChange={(e) => list.changeSearch(e.currentTarget.value)}
                w={field.w}
              />
            );
          case 'select':
            return (
              <NativeSelect
                key={field.key}
                label={field.label}
                value={field.value}
                onChange={(e) => changed(field.onChange)(e.currentTarget.value)}
                data={field.options}
                w={field.w}
              />
            );
          case 'text':
            return (
              <TextInput
                key={field.key}
                type="search"
                label={field.label}
                placeholder={field.placeholder}
                value={field.value}
                error={field.error}
                onChange={(e) => changed(field.onChange)(e.currentTarget.value)}
                w={field.w}
              />
            );
          case 'date':
            return (
              <TextInput
                key={field.key}
                type="date"
                label={field.label}
                value={field.value}
                onChange={(e) => changed(field.onChange)(e.currentTarget.value)}
                w={field.w}
              />
            );
        }
      })}
      {reset?.shown && (
        <Button
          variant="default"
          mt={align === 'flex-start' ? 24 : undefined}
          onClick={() => {
            reset.onReset();
            list.changeSearch('');
            list.resetPage();
          }}
        >
          {reset.label}
        </Button>
      )}
      {children}
    </Group>
  );
}
