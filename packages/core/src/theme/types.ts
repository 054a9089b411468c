export interface ThemeColors {
  primary: string;
  secondary: string;
  accent: string;
  background: string;
  text: string;
}

export interface FeatureItem {
  id: string;
  title: string;
  description: string;
  icon: string;
}

export interface LinkItem {
  label: string;
  url: string;
}

export interface SocialLink {
  platform: string;
  url: string;
}

export interface Theme {
  colors: ThemeColors;
  hero: {
    variant: 'overlay' | 'split';
    backgroundImage: string;
    title: string;
    subtitle: string;
    ctaText: string;
    ctaLink: string;
  };
  features: {
    variant: 'grid' | 'list';
    title: string;
    subtitle: string;
    items: FeatureItem[];
  };
  categories: { variant: 'grid' | 'carousel'; title: string; subtitle: string };
  menu: {
    variant: 'grid' | 'list';
    title: string;
    subtitle: string;
    categoryLayout: 'horizontal' | 'vertical';
    showOutOfStockProducts: boolean;
  };
  footer: {
    variant: 'simple' | 'columns';
    showNewsletter: boolean;
    /** `{year}` is replaced with the current year when shown. */
    copyrightText: string;
    links: LinkItem[];
  };
  header: {
    height: number;
    topOfferBannerHeight: number;
    showBusinessNameWithLogo: boolean;
    logoSizeDesktop: number;
    logoSizeMobile: number;
  };
  topOfferBanner: {
    topOfferBannerHeight: number;
    showTopOfferBanner: boolean;
    topOfferBannerText: string;
  };
  seo: {
    title: string;
    description: string;
    keywords: string[];
    ogImage: string;
    twitterHandle: string;
    ogType: string;
    ogSiteName: string;
    twitterCard: string;
    favicon: string;
    appleTouchIcon: string;
    themeColor: string;
  };
  general: {
    tagline: string;
    logo: string;
    favicon: string;
    aboutContent: string;
    showConfigEditor: boolean;
    contactEmail: string;
    contactPhone: string;
    websiteUrl: string;
    businessFullName: string;
    businessShortName: string;
    businessAcn: string;
    tenantId: number;
    socialLinks: SocialLink[];
    mobileApp: {
      showPromotion: boolean;
      appName: string;
      description: string;
      playStoreUrl: string;
      appStoreUrl: string;
    };
    autoClearRestaurantOnInterval: boolean;
    autoClearRestaurantTimeInterval: number;
    showBestSellingSection: boolean;
    showFreshAdditionsSection: boolean;
    isAsapOptionEnabled: boolean;
    showProductUnit: boolean;
  };
}

/** Every field optional at every depth; arrays are replaced whole, never merged. */
export type ThemePatch = {
  [K in keyof Theme]?: Partial<{
    [F in keyof Theme[K]]: Theme[K][F] extends unknown[]
      ? Theme[K][F]
      : Theme[K][F] extends object
        ? Partial<Theme[K][F]>
        : Theme[K][F];
  }>;
};
