/** Products: the list, the add and edit forms. Routes of this feature, spread into the app's route table. */
import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/route-prefetch';

const ProductsPage = lazyScreen('/products', () => import('./products-page'));
const ProductNewPage = lazyScreen('/products/new', () => import('./product-new-page'));
const ProductEditPage = lazyScreen('/product-edit', () => import('./product-edit-page'));

export const productsRoutes: RouteObject[] = [
  { path: '/products', element: <ProductsPage /> },
  { path: '/products/new', element: <ProductNewPage /> },
  { path: '/product-edit', element: <ProductEditPage /> },
];
