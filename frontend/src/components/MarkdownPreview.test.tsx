import { describe, expect, it } from 'vitest';
import { render, screen } from '../test/render';
import { MarkdownPreview } from './MarkdownPreview';

describe('MarkdownPreview', () => {
  it('renders the source as readers will see it, in a box named for its field', () => {
    render(
      <MarkdownPreview
        label="Changelog preview"
        title="Preview"
        source={'**new** <b>x</b>'}
        empty="Nothing yet"
      />,
    );
    const box = screen.getByLabelText('Changelog preview');
    expect(box).toHaveTextContent('Preview');
    expect(screen.getByText('new').tagName).toBe('STRONG');
    expect(box.querySelector('b')).toBeNull();
    expect(screen.queryByText('Nothing yet')).not.toBeInTheDocument();
  });

  it('shows the empty text while the source is blank', () => {
    render(
      <MarkdownPreview label="Docs preview" title="Preview" source={'  \n '} empty="Nothing yet" />,
    );
    expect(screen.getByLabelText('Docs preview')).toHaveTextContent('Nothing yet');
  });
});
