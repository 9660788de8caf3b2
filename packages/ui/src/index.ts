export { Alert, type AlertProps, type Tone } from './components/alert.tsx';
export { RootLayout, type RouteHandle } from './components/app-routes.tsx';
export {
  type AppointmentDecision,
  AppointmentDecisionForm,
  type AppointmentDecisionFormProps,
} from './components/appointment-decision.tsx';
export { AssetBaseProvider, Avatar, type AvatarProps, initialsOf, useAssetUrl } from './components/avatar.tsx';
export { Badge, type BadgeTone } from './components/badge.tsx';
export { BarChart, type BarChartProps, type BarDatum } from './components/bar-chart.tsx';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant, buttonClasses } from './components/button.tsx';
export { Card, type CardProps } from './components/card.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './components/confirm-dialog.tsx';
export { Dialog, DialogClose, type DialogProps } from './components/dialog.tsx';
export { Drawer, type DrawerProps } from './components/dialog-view.tsx';
export { EmptyState, type EmptyStateProps } from './components/empty-state.tsx';
export { ErrorScreen, type ErrorScreenProps } from './components/error-screen.tsx';
export { controlClasses, Field, type FieldBaseProps, type FieldControlProps } from './components/field.tsx';
export { type CheckboxProps, ChipCheckbox, Fieldset, Form, FormActions, FormError } from './components/form.tsx';
export * from './components/icons.tsx';
export {
  LineChart,
  type LineChartProps,
  type LinePoint,
  type LineSeries,
  type LineTone,
} from './components/line-chart.tsx';
export { LoadingAnimation, type LoadingAnimationProps } from './components/loading-animation.tsx';
export { PageSizeSelect } from './components/page-size-select.tsx';
export { PasswordField, type PasswordFieldProps } from './components/password-field.tsx';
export { CrashScreen, Forbidden, NotFound } from './components/route-errors.tsx';
export { SelectField, type SelectFieldProps, type SelectOption } from './components/select-field.tsx';
export { SideNav, type SideNavEntry } from './components/side-nav.tsx';
export { SkipLink } from './components/skip-link.tsx';
export { Spinner, type SpinnerProps } from './components/spinner.tsx';
export { Stepper, type StepperProps } from './components/stepper.tsx';
export { Table, type TableColumn, type TableProps } from './components/table.tsx';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './components/tabs.tsx';
export { CodeField, TextField, type TextFieldProps } from './components/text-field.tsx';
export { textLinkClasses } from './components/text-link.ts';
export { TextareaField, type TextareaFieldProps } from './components/textarea-field.tsx';
export {
  TOAST_DURATION_MS,
  type ToastAction,
  type ToastApi,
  Toaster,
  type ToastInput,
  type ToastType,
  useToast,
} from './components/toaster.tsx';
export { cn } from './lib/cn.ts';
export { downloadCsv, toCsv } from './lib/csv.ts';
export { downloadBlob } from './lib/download.ts';
export { PAGE_SIZES, type Paging, usePaging } from './lib/use-paging.ts';
export { whenIdle } from './lib/when-idle.ts';
