// Only leaf routes get a loading state: a boundary above a page that can answer 404 would commit a 200 first.
export { PageSkeleton as default } from '@/components/ui/page-skeleton';
