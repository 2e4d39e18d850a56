// The web app's primitives: import from "@/components/ui".
export { Button, buttonClass, type ButtonProps } from "./button";
export { CheckboxGroup, type CheckboxGroupSection } from "./checkbox-group";
export { Combobox, type ComboboxOption } from "./combobox";
export { CopyButton, SecretValue } from "./copy-button";
export { ConfirmDialog, ConfirmRowAction, Dialog, DialogClose } from "./dialog";
export { CheckboxField, Field, MoneyField, SelectField, TextAreaField, TextField, type SelectOption } from "./field";
export { DateField, readDay } from "./date-field";
export { DateTimeField, unreadableDateTime } from "./date-time-field";
export { FormError } from "./form-error";
export { Form, FormDialog, type FormDialogProps, type FormProps } from "./form-dialog";
export { mapErrorToFields, useServerErrors, type ServerErrors } from "./form-errors";
export { LocalTime } from "./local-time";
export { PageHeader } from "./page-header";
export { PagedQueryState } from "./paged-query-state";
export { EmptyState, ErrorState, LoadingState, QueryState } from "./states";
export { ACTIONS, NumberCell, Table, type Column } from "./table";
export { ListFilters, useListFilters } from "./list-filters";
export { LoadMore } from "./load-more";
