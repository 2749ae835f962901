import type {
  AggregateOfferLeaf,
  AggregateRatingLeaf,
  BreadcrumbListLeaf,
  Graph,
  ImageObjectLeaf,
  ItemAvailability,
  MerchantReturnPolicyLeaf,
  OfferLeaf,
  OfferShippingDetailsLeaf,
  OrganizationLeaf,
  ProductLeaf,
  QuantitativeValueLeaf,
  ReviewLeaf,
  SearchActionLeaf,
  ShippingDeliveryTimeLeaf,
  WebSiteLeaf,
  WithActionConstraints,
} from 'schema-dts';
import {
  absoluteUrl,
  audienceOf,
  brandName,
  catalogueUrl,
  type ListedProduct,
  label,
  mainCatalogue,
  productUrl,
  type ShopFacts,
  type SizeAvailability,
  type SizeOffer,
  shippingCents,
  sizeOffers,
} from './listed-product';

/**
 * The JSON-LD of the shop's pages, typed with schema-dts (Google's schema.org types), so the compiler checks
 * every property against schema.org. What each carries follows Google's merchant-listing and product-snippet
 * documentation (structured-data.test.ts holds the checklist):
 * - a product page: Product (offers as an AggregateOffer of one Offer per size, each with its size as a
 *   SizeSpecification of the Product it offers, its shipping and the return policy; its rating and reviews
 *   once a buyer reviewed it) and its BreadcrumbList;
 * - the landing page: Organization (logo, return policy) and WebSite with its SearchAction.
 */

/** A buyer's review as the product page shows it (the reviews are buyers' only). */
export interface PageReview {
  author: string;
  rating: number;
  body: string;
  /** ISO 8601. */
  date: string;
}

/** Reviews a product's JSON-LD carries at most (its newest). */
const REVIEWS_SHOWN = 5;
/** A review's rating runs from 0 to 5 (review-rules.ts). */
const BEST_RATING = 5;
const WORST_RATING = 0;
/** The youngest an adult's shoe is for, as shopping listings count it (age group "adult": 13 and over). */
const ADULT_MIN_AGE = 13;

const AVAILABILITY: Record<SizeAvailability, ItemAvailability> = {
  in_stock: 'https://schema.org/InStock',
  limited: 'https://schema.org/LimitedAvailability',
  out_of_stock: 'https://schema.org/OutOfStock',
  preorder: 'https://schema.org/PreOrder',
};

/** The product pictures the shop stores (uploads and seed alike) and their pixel sizes, by variant. */
const PICTURE_SIZES: Record<string, readonly [number, number]> = {
  original: [1600, 1200],
  detail: [1200, 900],
  card: [480, 360],
};
const STORED_PICTURE = /^\/uploads\/products\/[\w-]+\/(card|detail|original)\.webp$/;

const pixels = (value: number): QuantitativeValueLeaf => ({
  '@type': 'QuantitativeValue',
  value,
  unitCode: 'E37',
  unitText: 'px',
});

/** A picture of the shop as an ImageObject, with its size when it is one of the stored variants. */
function image(siteUrl: string, path: string, caption: string): ImageObjectLeaf {
  const size = PICTURE_SIZES[STORED_PICTURE.exec(path)?.[1] ?? ''];
  const url = absoluteUrl(siteUrl, path);
  return {
    '@type': 'ImageObject',
    url,
    contentUrl: url,
    caption,
    ...(size ? { width: pixels(size[0]), height: pixels(size[1]) } : {}),
  };
}

/** The shop's returns (the app's RETURN_* settings) as a MerchantReturnPolicy for its home country. */
export function returnPolicy(shop: ShopFacts): MerchantReturnPolicyLeaf {
  const { days, toCredit } = shop.returns;
  if (days === 0) {
    return {
      '@type': 'MerchantReturnPolicy',
      applicableCountry: shop.country,
      returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
    };
  }
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: shop.country,
    returnPolicyCountry: shop.country,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: days,
    // The buyer sends the pairs back with the return slip the shop prints: by mail, at their cost (the shop
    // sends no label). RETURN_REFUND_SHIPPING decides whether the order's own shipping comes back with the
    // refund, which schema.org has no property for.
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
    refundType: toCredit
      ? ['https://schema.org/FullRefund', 'https://schema.org/StoreCreditRefund']
      : 'https://schema.org/FullRefund',
  };
}

const days = (min: number, max: number): QuantitativeValueLeaf => ({
  '@type': 'QuantitativeValue',
  minValue: min,
  maxValue: max,
  unitCode: 'DAY',
});

/**
 * How one pair at `priceCents` ships to the home country, by each method serving it: its charge for this
 * offer (nothing at or above its free-above amount), and the delivery estimate it promises (the estimate
 * counts from the order, so all of it is transit and the handling is none). No method: it does not ship.
 */
function shippingDetails(shop: ShopFacts, priceCents: number): OfferShippingDetailsLeaf[] {
  const destination = { '@type': 'DefinedRegion', addressCountry: shop.country } as const;
  if (shop.shipping.length === 0) {
    return [{ '@type': 'OfferShippingDetails', shippingDestination: destination, doesNotShip: true }];
  }
  return shop.shipping.map((option) => {
    const deliveryTime: ShippingDeliveryTimeLeaf | undefined = option.estimateDays
      ? {
          '@type': 'ShippingDeliveryTime',
          handlingTime: days(0, 0),
          transitTime: days(option.estimateDays[0], option.estimateDays[1]),
        }
      : undefined;
    return {
      '@type': 'OfferShippingDetails',
      shippingLabel: option.name,
      shippingRate: {
        '@type': 'MonetaryAmount',
        value: shippingCents(option, priceCents) / 100,
        currency: shop.currency,
      },
      shippingDestination: destination,
      ...(deliveryTime ? { deliveryTime } : {}),
    };
  });
}

const SUGGESTED_GENDER = {
  female: 'https://schema.org/Female',
  male: 'https://schema.org/Male',
  // schema.org's GenderType has no third value; Google's merchant listings read the text "unisex".
  unisex: 'unisex',
} as const;

/** One size's offer: its price, availability, shipping and returns, and the size it is. */
function offer(shop: ShopFacts, product: ListedProduct, size: SizeOffer | null): OfferLeaf {
  const { siteUrl, currency } = shop;
  const sku = size ? `${product.id}-${size.size}` : product.id;
  const availability = size?.availability ?? 'out_of_stock';
  const onSale = product.compareAtPriceCents !== null && product.compareAtPriceCents > product.priceCents;
  return {
    '@type': 'Offer',
    url: productUrl(siteUrl, product.id, size?.size),
    sku,
    ...(product.gtin ? { gtin: product.gtin } : {}),
    price: product.priceCents / 100,
    priceCurrency: currency,
    ...(onSale && product.compareAtPriceCents !== null
      ? {
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            priceType: 'https://schema.org/StrikethroughPrice',
            price: product.compareAtPriceCents / 100,
            priceCurrency: currency,
          },
        }
      : {}),
    availability: AVAILABILITY[availability],
    ...(availability === 'preorder' && product.releaseAt
      ? { availabilityStarts: product.releaseAt.toISOString() }
      : {}),
    itemCondition: 'https://schema.org/NewCondition',
    ...(size
      ? {
          itemOffered: {
            '@type': 'Product',
            name: `${product.name}, US ${size.size}`,
            sku,
            size: {
              '@type': 'SizeSpecification',
              name: size.size,
              sizeSystem: 'https://schema.org/WearableSizeSystemUS',
              suggestedGender: SUGGESTED_GENDER[audienceOf(product.genders)],
            },
          },
        }
      : {}),
    shippingDetails: shippingDetails(shop, product.priceCents),
    hasMerchantReturnPolicy: returnPolicy(shop),
  };
}

/** Every size as an offer, gathered as an AggregateOffer (one price for every size). */
function offers(shop: ShopFacts, product: ListedProduct): AggregateOfferLeaf {
  const sizes = sizeOffers(product);
  const each =
    sizes.length > 0 ? sizes.map((size) => offer(shop, product, size)) : [offer(shop, product, null)];
  const price = product.priceCents / 100;
  return {
    '@type': 'AggregateOffer',
    lowPrice: price,
    highPrice: price,
    priceCurrency: shop.currency,
    offerCount: each.length,
    offers: each,
  };
}

const rating = (value: number) =>
  ({ '@type': 'Rating', ratingValue: value, bestRating: BEST_RATING, worstRating: WORST_RATING }) as const;

/** The rating and the newest reviews, once a buyer reviewed the product (nothing at all before). */
function ratings(reviews: readonly PageReview[]): Pick<ProductLeaf, 'aggregateRating' | 'review'> {
  if (reviews.length === 0) return {};
  const mean = reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length;
  const aggregateRating: AggregateRatingLeaf = {
    '@type': 'AggregateRating',
    ratingValue: Math.round(mean * 10) / 10,
    reviewCount: reviews.length,
    bestRating: BEST_RATING,
    worstRating: WORST_RATING,
  };
  const review: ReviewLeaf[] = reviews.slice(0, REVIEWS_SHOWN).map((each) => ({
    '@type': 'Review',
    author: { '@type': 'Person', name: each.author || 'A buyer' },
    reviewRating: rating(each.rating),
    reviewBody: each.body,
    datePublished: each.date,
  }));
  return { aggregateRating, review };
}

function product(shop: ShopFacts, listed: ListedProduct, reviews: readonly PageReview[]): ProductLeaf {
  const { siteUrl } = shop;
  const url = productUrl(siteUrl, listed.id);
  const brand = brandName(listed.brand);
  const categories = listed.categories.map(label);
  return {
    '@type': 'Product',
    '@id': `${url}#product`,
    name: listed.name,
    url,
    image: [
      image(siteUrl, listed.pictures.original, listed.name),
      image(siteUrl, listed.pictures.detail, listed.name),
      image(siteUrl, listed.pictures.card, listed.name),
    ],
    description: listed.description,
    ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
    sku: listed.id,
    productID: listed.id,
    ...(listed.gtin ? { gtin: listed.gtin } : {}),
    color: listed.color,
    category: categories.length === 1 ? categories[0] : categories,
    audience: {
      '@type': 'PeopleAudience',
      suggestedGender: SUGGESTED_GENDER[audienceOf(listed.genders)],
      suggestedMinAge: ADULT_MIN_AGE,
    },
    itemCondition: 'https://schema.org/NewCondition',
    offers: offers(shop, listed),
    ...ratings(reviews),
  };
}

/** Home › the product's category (or gender) in the catalogue › the product. */
function breadcrumbs(shop: ShopFacts, listed: ListedProduct): BreadcrumbListLeaf {
  const { siteUrl } = shop;
  const main = mainCatalogue(listed);
  const crumbs = [
    { name: 'Home', item: `${siteUrl}/` },
    { name: label(main.value), item: catalogueUrl(siteUrl, main.key, main.value) },
    { name: listed.name, item: productUrl(siteUrl, listed.id) },
  ];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
  };
}

/** A product page's JSON-LD: its Product and its BreadcrumbList. */
export function productGraph(shop: ShopFacts, listed: ListedProduct, reviews: readonly PageReview[]): Graph {
  return {
    '@context': 'https://schema.org',
    '@graph': [product(shop, listed, reviews), breadcrumbs(shop, listed)],
  };
}

/** The shop's logo as the API serves it (share-images.ts draws it). */
export const LOGO = { path: '/share/logo.png', size: 512 } as const;

/** The landing page's JSON-LD: the shop as an Organization (its logo and return policy) and its WebSite. */
export function homeGraph(shop: ShopFacts): Graph {
  const { siteUrl } = shop;
  const logoUrl = `${siteUrl}${LOGO.path}`;
  const organization: OrganizationLeaf = {
    '@type': 'Organization',
    '@id': `${siteUrl}/#organization`,
    name: shop.name,
    url: `${siteUrl}/`,
    logo: {
      '@type': 'ImageObject',
      url: logoUrl,
      contentUrl: logoUrl,
      width: pixels(LOGO.size),
      height: pixels(LOGO.size),
    },
    hasMerchantReturnPolicy: returnPolicy(shop),
  };
  const search: WithActionConstraints<SearchActionLeaf> = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl}/home?search={search_term_string}` },
    'query-input': 'required name=search_term_string',
  };
  const website: WebSiteLeaf = {
    '@type': 'WebSite',
    '@id': `${siteUrl}/#website`,
    name: shop.name,
    url: `${siteUrl}/`,
    publisher: { '@id': `${siteUrl}/#organization` },
    potentialAction: search,
  };
  return { '@context': 'https://schema.org', '@graph': [organization, website] };
}
