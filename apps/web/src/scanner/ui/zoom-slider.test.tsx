// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import type { CameraSession } from '../camera/use-camera-session';
import { ZoomSlider } from './camera-area';

afterEach(cleanup);

it('gives the zoom slider its German name where a screen reader lands: on the thumb', () => {
  const session = { caps: { zoom: true }, zoom: 2, changeZoom: () => undefined } as unknown as CameraSession;
  renderScreen(<ZoomSlider session={session} />);
  expect(screen.getByRole('slider', { name: 'Zoom' }).getAttribute('aria-valuenow')).toBe('2');
});
