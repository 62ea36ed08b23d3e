import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clampPage, pageItems } from './paging';

export interface PaginatorProps {
  /** The current page, from 1. */
  page: number;
  /** The number of pages (see pageCount in ./paging). */
  total: number;
  onChange: (page: number) => void;
  /** The navigation landmark's name, e.g. 'questions pages' (default: 'pagination' in the active language). */
  label?: string;
  /** Renders nothing when there is only one page (default true). */
  hideWhenSingle?: boolean;
  disabled?: boolean;
  size?: 'xs' | 'sm' | 'md';
}

/**
 * A paginator for any list (docs/product.md#constants): all pages when there are 7 or fewer, otherwise the first,
 * the last and the neighbours of the current page with ellipses between (see pageItems).
 */
export function Paginator({
  page,
  total,
  onChange,
  label,
  hideWhenSingle = true,
  disabled,
  size = 'sm',
}: PaginatorProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.floor(total));
  if (hideWhenSingle && pages <= 1) return null;
  const current = clampPage(page, pages);
  const go = (next: number) => {
    const target = clampPage(next, pages);
    if (target !== current) onChange(target);
  };
  return (
    <nav aria-label={label ?? t('paginator.label')}>
      <Pagination.Root total={pages} value={current} onChange={go} disabled={disabled} size={size}>
        <Group gap={6} justify="center" wrap="wrap">
          <Pagination.Previous aria-label={t('paginator.previous')} />
          {pageItems(current, pages).map((item) =>
            typeof item === 'number' ? (
              <Pagination.Control
                key={item}
                active={item === current}
                aria-current={item === current ? 'page' : undefined}
                aria-label={t('paginator.page', { page: item })}
                onClick={() => go(item)}
              >
                {item}
              </Pagination.Control>
            ) : (
              <Pagination.Dots key={item} aria-hidden data-testid="paginator-ellipsis" />
            ),
          )}
          <Pagination.Next aria-label={t('paginator.next')} />
        </Group>
      </Pagination.Root>
    </nav>
  );
}
