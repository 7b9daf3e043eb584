// Imported only through import() (lazy-modals.tsx): the provider leaves the entry chunk while the small
// `modals` call API of the same package stays in it.
import '../all-styles';

export { ModalsProvider } from '@mantine/modals';
