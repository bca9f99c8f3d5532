package dev.capplanner.importing.mcp;

import java.util.List;

/** The demo server's command line, for tests in other packages. */
public final class McpServerImportTestAccess {

    private McpServerImportTestAccess() {
    }

    public static List<String> demoServerCommand() {
        return McpServerImportTest.demoServerCommand();
    }
}
