import { Box } from '@chakra-ui/react/box';
import { Logo } from '../../components/ui/Logo';

/** The signed-in header's logo: the wordmark, the compact mark on phones, none below 360 px. */
export function HeaderLogo() {
  return (
    <>
      <Box display={{ base: 'none', sm: 'block' }}>
        <Logo />
      </Box>
      {/* Below 360 px the compact mark gives way to the area switcher and balance. */}
      <Box display={{ base: 'block', sm: 'none' }} css={{ '@media (max-width: 359.98px)': { display: 'none' } }}>
        <Logo compact />
      </Box>
    </>
  );
}

/** The phones' menu button's place while it cannot be drawn yet, so the header does not move. */
export function MenuButtonPlace() {
  return <Box w="9" h="9" flexShrink={0} display={{ base: 'block', md: 'none' }} aria-hidden />;
}
