"""Drawing with reportlab: layouts, text fitting, fonts, marks and the PDF writer."""
