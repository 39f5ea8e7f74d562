// A strict run's failure as the Lua plugin's own error.

import PaneKit

extension HostError {
    /// The Lua plugin's error that stopped a strict run (file, line, traceback), or nil when the failing styler
    /// was not a Lua plugin or no styler failed.
    public var pluginError: PluginError? { underlying as? PluginError }
}
