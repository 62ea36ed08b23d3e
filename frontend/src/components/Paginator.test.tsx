import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '../test/render';
import { Paginator } from './Paginator';

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'pages' }))
    .queryAllByRole('button', { name: /^page \d+$/ })
    .map((b) => b.textContent);

describe('Paginator', () => {
  it('shows every page when there are 7 or fewer', () => {
    render(<Paginator page={2} total={7} onChange={() => {}} label="pages" />);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(screen.queryByTestId('paginator-ellipsis')).toBeNull();
    expect(screen.getByRole('button', { name: 'page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('collapses with ellipses when there are more than 7 pages', () => {
    render(<Paginator page={10} total={20} onChange={() => {}} label="pages" />);
    expect(pageButtons()).toEqual(['1', '9', '10', '11', '20']);
    expect(screen.getAllByTestId('paginator-ellipsis')).toHaveLength(2);
  });

  it('reports the page chosen, and steps with previous and next', async () => {
    const onChange = vi.fn();
    const { user } = render(<Paginator page={1} total={12} onChange={onChange} label="pages" />);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '12']);
    await user.click(screen.getByRole('button', { name: 'page 12' }));
    expect(onChange).toHaveBeenLastCalledWith(12);
    await user.click(screen.getByRole('button', { name: 'next page' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(screen.getByRole('button', { name: 'previous page' })).toBeDisabled();
  });

  it('hides itself with a single page unless asked not to', () => {
    const { rerender } = render(<Paginator page={1} total={1} onChange={() => {}} label="pages" />);
    expect(screen.queryByRole('navigation', { name: 'pages' })).toBeNull();
    rerender(
      <Paginator page={1} total={1} onChange={() => {}} label="pages" hideWhenSingle={false} />,
    );
    expect(pageButtons()).toEqual(['1']);
  });
});
