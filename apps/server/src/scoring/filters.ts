import type { SimulatorConfig } from '@proctor/simulators';

/** The mutation filters kept in a simulator's stored config (admins may have edited them since registration). */
export function simulatorFilters(config: Record<string, unknown>): SimulatorConfig {
  return {
    ignore_tables: (config.ignore_tables as string[] | undefined) ?? [],
    ignore_columns: (config.ignore_columns as SimulatorConfig['ignore_columns'] | undefined) ?? {},
    ignore_tables_with_column_values:
      (config.ignore_tables_with_column_values as
        | SimulatorConfig['ignore_tables_with_column_values']
        | undefined) ?? {},
  };
}
