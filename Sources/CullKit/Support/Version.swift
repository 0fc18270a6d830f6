/// Cull's version, printed by `cull --version` and recorded in logs.
public enum CullVersion {
    public static let string = "0.1.0"
}
