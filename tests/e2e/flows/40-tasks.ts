// Tasks: create one, edit it (with the server's field error shown at its field), work its checklist,
// comment (the author is shown), find it with search and status filters, delete it after confirming.
import { check, type E2EFlow } from "../harness";

const flow: E2EFlow = {
  name: "tasks",
  async run(e2e) {
    const { page, person } = await e2e.signedInPage({ prefix: "Tasks" });
    await e2e.flow("tasks", [
      [
        "New task creates it and opens its page",
        async () => {
          await page.goto(e2e.url("/tasks"));
          await page.getByText("No tasks yet.").waitFor();
          await page.getByRole("button", { name: "New task" }).click();
          const dialog = page.getByRole("dialog", { name: "New task" });
          await dialog.getByLabel("Title").fill("Prepare launch");
          await dialog.getByLabel("Description").fill("Everything for Friday.");
          await dialog.getByRole("button", { name: "Create task" }).click();
          await page.getByRole("heading", { level: 1, name: "Prepare launch" }).waitFor();
        },
      ],
      [
        "a blank title is refused at the Title field; a valid edit is saved",
        async () => {
          const form = page.getByRole("form", { name: "Task details" });
          await form.getByLabel("Title").fill("   ");
          await form.getByRole("button", { name: "Save changes" }).click();
          await page.waitForFunction(() => document.querySelector('form[aria-label="Task details"] input[name="title"]')?.getAttribute("aria-invalid") === "true");
          await form.getByLabel("Title").fill("Prepare the launch");
          await form.getByLabel("Status").selectOption("in_progress");
          await form.getByLabel("Assignee").selectOption({ label: person.name });
          await form.getByLabel("Tags").fill("launch, urgent");
          await form.getByRole("button", { name: "Save changes" }).click();
          await page.getByRole("heading", { level: 1, name: "Prepare the launch" }).waitFor();
          await form.getByText("Saved.").waitFor();
        },
      ],
      [
        "the checklist adds, ticks and removes items",
        async () => {
          for (const title of ["Write notes", "Book room"]) {
            await page.getByLabel("New item").fill(title);
            await page.getByRole("button", { name: "Add item" }).click();
            await page.getByRole("checkbox", { name: title }).waitFor();
          }
          await page.getByRole("checkbox", { name: "Write notes" }).check();
          await page.getByText("1 of 2 done").waitFor();
          await page.getByRole("button", { name: "Remove Book room" }).click();
          await page.getByRole("checkbox", { name: "Book room" }).waitFor({ state: "detached" });
          await page.getByText("1 of 1 done").waitFor();
        },
      ],
      [
        "a comment shows its author",
        async () => {
          await page.getByRole("textbox", { name: "Comment" }).fill("Venue confirmed.");
          await page.getByRole("button", { name: "Add comment" }).click();
          const comment = page.locator(".comments li").filter({ hasText: "Venue confirmed." });
          await comment.waitFor();
          check((await comment.textContent())?.includes(person.name), "the comment does not name its author");
          await e2e.shot(page, "30-task-page");
        },
      ],
      [
        "the list finds the task by search, and filters by status",
        async () => {
          await page.getByRole("link", { name: "← All tasks" }).click();
          await page.getByRole("heading", { level: 1, name: "Tasks" }).waitFor();
          await page.getByLabel("Search").fill("the launch");
          await page.getByRole("link", { name: "Prepare the launch" }).waitFor();
          await page.getByLabel("Status").selectOption("done");
          await page.getByText("No tasks match these filters.").waitFor();
          await page.getByLabel("Status").selectOption("in_progress");
          await page.getByRole("link", { name: "Prepare the launch" }).waitFor();
          await e2e.shot(page, "31-tasks-list");
        },
      ],
      [
        "Delete task asks first, then removes it",
        async () => {
          await page.getByRole("link", { name: "Prepare the launch" }).click();
          await page.getByRole("button", { name: "Delete task" }).click();
          const confirm = page.getByRole("alertdialog", { name: "Delete this task?" });
          await confirm.getByRole("button", { name: "Cancel" }).click();
          await page.getByRole("heading", { level: 1, name: "Prepare the launch" }).waitFor();
          await page.getByRole("button", { name: "Delete task" }).click();
          await confirm.getByRole("button", { name: "Delete task" }).click();
          await page.waitForURL((url) => url.pathname === "/tasks");
          await page.getByLabel("Search").fill("");
          await page.getByText("No tasks yet.").waitFor();
        },
      ],
    ]);
  },
};

export default flow;
