"""What every build pays for is only what every build needs: the libraries of workbooks,
published sheets and print-shop files load when such a file is read or written (openpyxl
brings numpy: a third of a second in each command and each pool worker)."""

from __future__ import annotations

import subprocess
import sys

import pytest

ON_DEMAND = ("openpyxl", "numpy", "odf", "pikepdf", "ezdxf", "watchfiles", "urllib.request",
             "selenium")


@pytest.mark.parametrize("module", ["generator.pipeline.build", "generator.pipeline.batch",
                                    "generator.cli"])
def test_a_plain_build_imports_no_library_it_does_not_use(module):
    code = (f"import sys, {module}; "
            f"print(' '.join(m for m in {ON_DEMAND!r} if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout.split()
    assert loaded == []
