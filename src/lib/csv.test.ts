import { describe, expect, it } from "vitest";
import { csvCell, formulaSafe, readFormulaSafe, toCsv } from "./csv";

describe("toCsv", () => {
  it("writes a header row and one CRLF-terminated line per row", () => {
    const csv = toCsv(
      [
        { header: "name", value: (row: { name: string; seconds: number }) => row.name },
        { header: "seconds", value: (row) => row.seconds },
      ],
      [
        { name: "Design", seconds: 5400 },
        { name: "Call", seconds: 60 },
      ],
    );
    expect(csv).toBe("name,seconds\r\nDesign,5400\r\nCall,60\r\n");
  });

  it("writes only the header for no rows", () => {
    expect(toCsv([{ header: "id", value: () => "x" }], [])).toBe("id\r\n");
  });
});

describe("csvCell", () => {
  it("quotes commas, quotes and line breaks, doubling inner quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });

  it("keeps accents and symbols as they are (UTF-8)", () => {
    expect(csvCell("Café – 東京 ✓")).toBe("Café – 東京 ✓");
  });

  it("defuses cells a spreadsheet would run as formulas", () => {
    expect(csvCell("=HYPERLINK(\"x\")")).toBe("\"'=HYPERLINK(\"\"x\"\")\"");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@cmd")).toBe("'@cmd");
  });

  it("writes numbers as numbers, booleans as words, nothing for null", () => {
    expect(csvCell(-1.5)).toBe("-1.5");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(Number.NaN)).toBe("");
  });
});

describe("formulaSafe", () => {
  it("guards formula starts (tab and carriage return too) and reads them back unchanged", () => {
    for (const value of ["=1+1", "+1", "-2", "@cmd", "\tx", "\rx"]) {
      expect(formulaSafe(value)).toBe(`'${value}`);
      expect(readFormulaSafe(formulaSafe(value))).toBe(value);
    }
  });

  it("leaves other text alone, an apostrophe of the person's own included", () => {
    expect(formulaSafe("Design")).toBe("Design");
    expect(readFormulaSafe("'quoted")).toBe("'quoted");
    expect(formulaSafe(null)).toBe("");
  });
});
