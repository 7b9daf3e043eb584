// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render-screen';
import { lazyPart } from './lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>Hallo {name}</p>;
}

describe('lazyPart', () => {
  it('shows a German message with "Erneut versuchen" when its code fails to load, keeps the rest, and loads on retry', async () => {
    let calls = 0;
    const Part = lazyPart(async () => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return Greeting;
    });
    renderScreen(
      <>
        <p>Der Rest der App</p>
        <Suspense fallback={null}>
          <Part name="Lager" />
        </Suspense>
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Dieser Teil der App konnte nicht geladen werden.'),
    );
    expect(screen.getByText('Der Rest der App')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Hallo Lager')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });
});
