public enum BodiiMain { public static func main() {} }
