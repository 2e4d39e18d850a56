// Any address no page answers: the app's "not found" inside its shell (after the sign-in check).
import { notFound } from "next/navigation";

export default function MissingPage(): never {
  notFound();
}
