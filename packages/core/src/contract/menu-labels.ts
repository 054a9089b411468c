/**
 * A product's dietary and heat labels (decision 038). Kept apart from the catalogue editor's
 * schemas so a page that only shows labels does not load zod (decision 035).
 */
export const menuLabels = ['vegetarian', 'vegan', 'gluten_free', 'spicy', 'contains_nuts'] as const;
export type MenuLabel = (typeof menuLabels)[number];
export const menuLabelNames: Record<MenuLabel, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  gluten_free: 'Gluten-free',
  spicy: 'Spicy',
  contains_nuts: 'Contains nuts',
};
