// The web app's primitives: import from "@/components/ui".
export { Button, buttonClass, type ButtonProps } from "./button";
export { CheckboxGroup, type CheckboxGroupSection } from "./checkbox-group";
export { Combobox, type ComboboxOption } from "./combobox";
export { CopyButton } from "./copy-button";
export { ConfirmDialog, Dialog, DialogClose } from "./dialog";
export { CheckboxField, Field, SelectField, TextAreaField, TextField, type SelectOption } from "./field";
export { FormError } from "./form-error";
export { Form, FormDialog, type FormDialogProps, type FormProps } from "./form-dialog";
export { mapErrorToFields, useServerErrors, type ServerErrors } from "./form-errors";
export { LocalTime } from "./local-time";
export { PageHeader } from "./page-header";
export { EmptyState, ErrorState, LoadingState, QueryState } from "./states";
export { NumberCell, Table } from "./table";
export { ListFilters, useListFilters } from "./list-filters";
export { LoadMore } from "./load-more";
