// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import '../../i18n';
import type { CameraSession } from '../camera/use-camera-session';
import { ZoomSlider } from './camera-area';

afterEach(cleanup);

it('gives the zoom slider its German name where a screen reader lands: on the thumb', () => {
  const session = { caps: { zoom: true }, zoom: 2, changeZoom: () => undefined } as unknown as CameraSession;
  render(
    <MantineProvider>
      <ZoomSlider session={session} />
    </MantineProvider>,
  );
  expect(screen.getByRole('slider', { name: 'Zoom' }).getAttribute('aria-valuenow')).toBe('2');
});
