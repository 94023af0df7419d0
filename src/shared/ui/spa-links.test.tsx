// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { CardLink, SpaLinks } from './spa-links';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function Page({ spa }: { spa: boolean }) {
  const link = <CardLink to="/listing/42">Ford Fiesta</CardLink>;
  return (
    <MemoryRouter initialEntries={['/marketplace']}>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
      {spa ? <SpaLinks>{link}</SpaLinks> : link}
    </MemoryRouter>
  );
}

afterEach(cleanup);

describe('SpaLinks and CardLink', () => {
  it('renders a plain, real link inside SpaLinks, which the router follows on a click', () => {
    render(<Page spa />);
    const a = screen.getByRole('link', { name: 'Ford Fiesta' });
    expect(a.getAttribute('href')).toBe('/listing/42');
    expect(a.hasAttribute('data-spa-link')).toBe(true);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(a, click);
    // The router went there, and the browser's own navigation was stopped.
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/listing/42');
  });

  it('leaves a modified or middle click to the browser (new tab, new window)', () => {
    render(<Page spa />);
    const a = screen.getByRole('link', { name: 'Ford Fiesta' });
    // What the page left to the browser, seen last; then stopped, as jsdom cannot open another page.
    let leftToBrowser = false;
    const last = (e: Event) => {
      leftToBrowser = !e.defaultPrevented;
      e.preventDefault();
    };
    document.addEventListener('click', last);
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      leftToBrowser = false;
      fireEvent(a, new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
      expect(leftToBrowser).toBe(true);
    }
    document.removeEventListener('click', last);
    expect(screen.getByTestId('where').textContent).toBe('/marketplace');
  });

  it("is react-router's Link outside SpaLinks", () => {
    render(<Page spa={false} />);
    const a = screen.getByRole('link', { name: 'Ford Fiesta' });
    expect(a.hasAttribute('data-spa-link')).toBe(false);
    fireEvent.click(a);
    expect(screen.getByTestId('where').textContent).toBe('/listing/42');
  });
});
