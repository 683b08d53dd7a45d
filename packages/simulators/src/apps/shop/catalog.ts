import type { SqliteDatabase } from '../../kit';

/**
 * Catalog queries: the faceted product search behind the listing pages, and product lookups. Reads only.
 * A product's price is its cheapest variant's; it is in stock when any variant is.
 */

export const PRODUCT_PAGE_SIZE = 24;

export const PRODUCT_SORTS = {
  featured: ['Featured', 'p.review_count DESC, p.id'],
  price_asc: ['Price: low to high', 'price_cents ASC, p.id'],
  price_desc: ['Price: high to low', 'price_cents DESC, p.id'],
  rating: ['Top rated', 'p.rating DESC, p.review_count DESC, p.id'],
  newest: ['Newest', 'p.created_at DESC, p.id'],
} as const;
export type ProductSort = keyof typeof PRODUCT_SORTS;

export interface ProductFilters {
  q: string;
  category: string;
  brands: string[];
  minPrice: number | null;
  maxPrice: number | null;
  minRating: number | null;
  inStock: boolean;
  sale: boolean;
  sort: ProductSort;
  page: number;
}

export interface ProductCard {
  id: number;
  slug: string;
  name: string;
  brand: string;
  category: string;
  icon: string;
  rating: number;
  review_count: number;
  compare_at_cents: number | null;
  final_sale: number;
  price_cents: number;
  max_price_cents: number;
  stock: number;
  swatch: string;
}

export function parseFilters(query: URLSearchParams): ProductFilters {
  const dollars = (name: string) => {
    const value = Number.parseFloat(query.get(name) ?? '');
    return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
  };
  const rating = Number.parseFloat(query.get('rating') ?? '');
  const sort = query.get('sort') ?? 'featured';
  return {
    q: (query.get('q') ?? '').trim(),
    category: query.get('category') ?? '',
    brands: query.getAll('brand').filter((b) => b !== ''),
    minPrice: dollars('min'),
    maxPrice: dollars('max'),
    minRating: Number.isFinite(rating) && rating > 0 ? rating : null,
    inStock: query.get('stock') === '1',
    sale: query.get('sale') === '1',
    sort: sort in PRODUCT_SORTS ? (sort as ProductSort) : 'featured',
    page: Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1),
  };
}

const CARD_SELECT = `SELECT p.id, p.slug, p.name, b.name AS brand, c.name AS category, p.icon, p.rating, p.review_count,
  p.compare_at_cents, p.final_sale, min(v.price_cents) AS price_cents, max(v.price_cents) AS max_price_cents,
  sum(v.stock) AS stock, (SELECT swatch FROM variants WHERE product_id = p.id ORDER BY id LIMIT 1) AS swatch
  FROM products p JOIN brands b ON b.id = p.brand_id JOIN categories c ON c.id = p.category_id
  JOIN variants v ON v.product_id = p.id`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** The products matching every filter, one page of them, and the total. */
export function searchProducts(
  db: SqliteDatabase,
  filters: ProductFilters,
): { products: ProductCard[]; total: number; pages: number } {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (filters.q) {
    // Every word must appear in the name, the brand or the category: "blue mug" finds blue mugs.
    for (const word of filters.q.split(/\s+/)) {
      where.push(
        `(p.name LIKE ? ESCAPE '\\' OR b.name LIKE ? ESCAPE '\\' OR c.name LIKE ? ESCAPE '\\'
          OR EXISTS (SELECT 1 FROM variants w WHERE w.product_id = p.id AND w.color LIKE ? ESCAPE '\\'))`,
      );
      const like = `%${escapeLike(word)}%`;
      args.push(like, like, like, like);
    }
  }
  if (filters.category) {
    where.push('c.slug = ?');
    args.push(filters.category);
  }
  if (filters.brands.length > 0) {
    where.push(`b.name IN (${filters.brands.map(() => '?').join(', ')})`);
    args.push(...filters.brands);
  }
  if (filters.minRating !== null) {
    where.push('p.rating >= ?');
    args.push(filters.minRating);
  }
  if (filters.sale) where.push('p.compare_at_cents IS NOT NULL');
  const having: string[] = [];
  if (filters.minPrice !== null) {
    having.push('min(v.price_cents) >= ?');
    args.push(filters.minPrice);
  }
  if (filters.maxPrice !== null) {
    having.push('min(v.price_cents) <= ?');
    args.push(filters.maxPrice);
  }
  if (filters.inStock) having.push('sum(v.stock) > 0');
  const sql = `${CARD_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} GROUP BY p.id
    ${having.length ? `HAVING ${having.join(' AND ')}` : ''}`;
  const total =
    db.prepare<(string | number)[], { n: number }>(`SELECT count(*) AS n FROM (${sql})`).get(...args)?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / PRODUCT_PAGE_SIZE));
  const products = db
    .prepare<(string | number)[], ProductCard>(
      `${sql} ORDER BY ${PRODUCT_SORTS[filters.sort][1]} LIMIT ${PRODUCT_PAGE_SIZE} OFFSET ${(filters.page - 1) * PRODUCT_PAGE_SIZE}`,
    )
    .all(...args);
  return { products, total, pages };
}

/** Brands with a product in the category (or anywhere), for the brand facet. */
export function brandFacet(db: SqliteDatabase, category: string): { name: string; n: number }[] {
  return db
    .prepare<[string, string], { name: string; n: number }>(
      `SELECT b.name, count(*) AS n FROM products p JOIN brands b ON b.id = p.brand_id
       JOIN categories c ON c.id = p.category_id WHERE (? = '' OR c.slug = ?) GROUP BY b.id ORDER BY b.name`,
    )
    .all(category, category);
}

export function productCards(db: SqliteDatabase, ids: number[]): ProductCard[] {
  if (ids.length === 0) return [];
  return db
    .prepare<number[], ProductCard>(
      `${CARD_SELECT} WHERE p.id IN (${ids.map(() => '?').join(', ')}) GROUP BY p.id ORDER BY p.id`,
    )
    .all(...ids);
}

export interface ProductDetail {
  id: number;
  slug: string;
  name: string;
  brand: string;
  category: string;
  category_slug: string;
  description: string;
  material: string;
  care: string;
  icon: string;
  compare_at_cents: number | null;
  final_sale: number;
  rating: number;
  review_count: number;
}

export interface VariantRow {
  id: number;
  sku: string;
  color: string;
  swatch: string;
  size: string;
  price_cents: number;
  stock: number;
}

export function findProduct(db: SqliteDatabase, slug: string): ProductDetail | undefined {
  return db
    .prepare<[string], ProductDetail>(
      `SELECT p.id, p.slug, p.name, b.name AS brand, c.name AS category, c.slug AS category_slug, p.description,
         p.material, p.care, p.icon, p.compare_at_cents, p.final_sale, p.rating, p.review_count
       FROM products p JOIN brands b ON b.id = p.brand_id JOIN categories c ON c.id = p.category_id WHERE p.slug = ?`,
    )
    .get(slug);
}

export function productVariants(db: SqliteDatabase, productId: number): VariantRow[] {
  return db
    .prepare<[number], VariantRow>(
      'SELECT id, sku, color, swatch, size, price_cents, stock FROM variants WHERE product_id = ? ORDER BY id',
    )
    .all(productId);
}

/** '12 in stock', 'Only 3 left', 'Out of stock': the availability line real shops show. */
export function availability(stock: number): { label: string; tone: 'ok' | 'low' | 'out' } {
  if (stock <= 0) return { label: 'Out of stock', tone: 'out' };
  if (stock <= 5) return { label: `Only ${stock} left`, tone: 'low' };
  return { label: `${stock} in stock`, tone: 'ok' };
}
