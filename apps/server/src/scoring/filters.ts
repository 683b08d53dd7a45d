import type { MutationIgnoreRules, SimulatorConfig } from '@proctor/contracts';

/** The mutation filters kept in a simulator's config (admins may have edited them since registration). */
export function simulatorFilters(config: SimulatorConfig): MutationIgnoreRules {
  return {
    ignore_tables: config.ignore_tables ?? [],
    ignore_columns: config.ignore_columns ?? {},
    ignore_tables_with_column_values: config.ignore_tables_with_column_values ?? {},
  };
}
