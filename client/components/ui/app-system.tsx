import { ChakraProvider, createSystem, defineConfig } from '@chakra-ui/react/styled-system';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  inputAddonRecipe,
  inputRecipe,
  layerStyles,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radiomarkRecipe,
  segmentGroupSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';
import { landingConfigs } from './system';

// Recipes of forms, overlays and widgets, added to the landing config for every page but the
// landing page. This module loads with the sign-in, policy and dashboard chunks.
const appRecipes = defineConfig({
  theme: {
    layerStyles,
    animationStyles,
    recipes: {
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
      // Modal sizes of spec 9: sm 420px, md 800px, lg 1100px.
      dialog: {
        ...dialogSlotRecipe,
        variants: {
          ...dialogSlotRecipe.variants,
          size: {
            ...dialogSlotRecipe.variants?.size,
            sm: { content: { maxW: '420px' } },
            md: { content: { maxW: '800px' } },
            lg: { content: { maxW: '1100px' } },
          },
        },
      },
    },
  },
});

export const appSystem = createSystem(...landingConfigs, appRecipes);

/** Wraps every page but the landing page; same tokens and theme, more recipes. */
export function AppUiProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={appSystem}>{children}</ChakraProvider>;
}
