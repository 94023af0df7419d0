// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { FilterLayout, type FilterLayoutProps } from './filter-layout';

afterEach(cleanup);

// jsdom's <dialog> has no close(); the shared Dialog already falls back from showModal().
if (typeof HTMLDialogElement.prototype.close !== 'function')
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };

function renderLayout(over: Partial<FilterLayoutProps> = {}) {
  return render(
    <MemoryRouter>
      <FilterLayout
        activeCount={3}
        filters={
          <label>
            Colour <input />
          </label>
        }
        countId="count"
        count="93 cars found"
        total={93}
        noun={['car', 'cars']}
        sort={null}
        ready
        {...over}
      >
        <p>results</p>
      </FilterLayout>
    </MemoryRouter>,
  );
}

describe('FilterLayout', () => {
  it('opens the filters in a labelled dialog with the live count, and closes it', () => {
    renderLayout();
    const open = screen.getByRole('button', { name: 'Filters (3)' });
    expect(open.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(dialog.textContent).toContain('Colour');
    // The filters are in the sheet only, not also in the (hidden) sidebar.
    expect(screen.getAllByLabelText('Colour')).toHaveLength(1);
    const show = screen.getByTestId('show-results');
    expect(show.textContent).toBe('Show 93 cars');
    fireEvent.click(show);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByLabelText('Colour')).toHaveLength(1);
  });

  it('names one result in the singular, no count while counting, and no number without filters', () => {
    const { rerender } = renderLayout({ total: 1, activeCount: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByTestId('show-results').textContent).toBe('Show 1 car');
    rerender(
      <MemoryRouter>
        <FilterLayout
          activeCount={0}
          filters={null}
          countId="count"
          count="Searching…"
          total={undefined}
          noun={['car', 'cars']}
          sort={null}
          ready={false}
        >
          {null}
        </FilterLayout>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('show-results').textContent).toBe('Show results');
  });
});
