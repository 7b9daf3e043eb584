/**
 * Every Mantine style, for the screens after the login page (the logged-in frame, the other screens before login,
 * dialogs). Imported by those screens' code, so their stylesheet arrives with them; it repeats the first screen's
 * rules (first-screen-styles.ts) in Mantine's order, which keeps the cascade as with one stylesheet.
 */
import '@mantine/core/styles.css';
