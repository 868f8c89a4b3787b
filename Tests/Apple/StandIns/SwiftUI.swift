// A stand-in for Apple's SwiftUI module, for type-checking MeshWarpEffect,
// its demo and the original MeshWarpEffect README example on Linux
// (Scripts/typecheck-apple.sh).
//
// It declares ONLY the symbols that code uses, each with the signature from
// the Apple documentation page named beside it (developer.apple.com/
// documentation/swiftui/…, abbreviated `doc: …`). Bodies are placeholders:
// nothing here runs. Where Apple's declaration uses `some P` in parameter
// position, the equivalent generic parameter is written.
//
// Availability: every declaration introduced after the package's deployment
// targets (iOS 17, macOS 14, tvOS 17, visionOS 1) or missing on one of them
// carries Apple's attributes, copied from the "availability" of the page
// named beside it (e.g. `@available(tvOS, unavailable)` where the page lists
// no tvOS). Linux ignores them; Tests/Apple/StandIns/availability.py rewrites
// them per platform into checks the Linux compiler enforces.
//
// Types that Apple declares `nonisolated` (or that are usable off the main
// actor in practice, like Color and Text) are `nonisolated` here too; those
// it declares `@MainActor @preconcurrency` (DragGesture) are so here too.
//
// Deliberate subsets: string initializers take `StringProtocol` only (the
// `LocalizedStringKey` overloads are left out; string literals type-check
// against either), and modifiers return `Self` or a placeholder wrapper
// instead of Apple's private types.
// Like Apple's SwiftUI, re-exports Foundation (CGSize, CGPoint, Date, Bundle)
// and Core Graphics (CGImage; a stub too: Tests/Apple/StandIns/CoreGraphics.swift).
@_exported import CoreGraphics
@_exported import Foundation

// MARK: - Views and builders

/// doc: view — `@MainActor @preconcurrency protocol View`
@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor var body: Body { get }
}

/// doc: never (SwiftUI extension: `extension Never : View`)
extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

/// doc: emptyview — `struct EmptyView`
nonisolated public struct EmptyView: View {
  public init() {}
  public var body: Never { fatalError() }
}

/// doc: tupleview — `struct TupleView<T>`
nonisolated public struct TupleView<T>: View {
  public var value: T
  public init(_ value: T) { self.value = value }
  public var body: Never { fatalError() }
}

/// doc: anyview — `@frozen struct AnyView`
nonisolated public struct AnyView: View {
  /// doc: anyview/init(_:)-… — `init<V>(_ view: V) where V : View`
  public init<V: View>(_ view: V) {}
  public var body: Never { fatalError() }
}

/// Placeholder for SwiftUI's private `_ConditionalContent` (doc: viewbuilder/buildeither(first:)).
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  public var body: Never { fatalError() }
}

/// doc: optional (SwiftUI extension: `extension Optional : View where Wrapped : View`)
extension Optional: View where Wrapped: View {
  public var body: Never { fatalError() }
}

/// doc: viewbuilder — `@resultBuilder struct ViewBuilder`
@resultBuilder public struct ViewBuilder {
  /// doc: viewbuilder/buildblock()
  public static func buildBlock() -> EmptyView { EmptyView() }
  /// doc: viewbuilder/buildblock(_:)
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  /// doc: viewbuilder/buildblock(_:) (variadic; written as fixed arities here)
  public static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> {
    TupleView((c0, c1))
  }
  public static func buildBlock<C0: View, C1: View, C2: View>(_ c0: C0, _ c1: C1, _ c2: C2)
    -> TupleView<(C0, C1, C2)>
  { TupleView((c0, c1, c2)) }
  public static func buildBlock<C0: View, C1: View, C2: View, C3: View>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3
  ) -> TupleView<(C0, C1, C2, C3)> { TupleView((c0, c1, c2, c3)) }
  /// doc: viewbuilder/buildif(_:)
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  /// doc: viewbuilder/buildeither(first:)
  public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> {
    _ConditionalContent()
  }
  /// doc: viewbuilder/buildeither(second:)
  public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> {
    _ConditionalContent()
  }
  /// doc: viewbuilder/buildlimitedavailability(_:) — `static func buildLimitedAvailability(_ content: some View) -> AnyView`
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
    AnyView(content)
  }
  /// doc: viewbuilder/buildexpression(_:)
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
}

/// doc: viewmodifier — `@MainActor @preconcurrency protocol ViewModifier`
@MainActor @preconcurrency public protocol ViewModifier {
  associatedtype Body: View
  /// doc: viewmodifier/body(content:)
  @ViewBuilder @MainActor func body(content: Content) -> Body
  /// doc: viewmodifier/content
  typealias Content = _ViewModifier_Content<Self>
}

/// doc: viewmodifier/content — `struct _ViewModifier_Content<Modifier> where Modifier : ViewModifier`
nonisolated public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
  public var body: Never { fatalError() }
}

/// doc: modifiedcontent — `struct ModifiedContent<Content, Modifier>`
nonisolated public struct ModifiedContent<Content, Modifier>: View
where Content: View, Modifier: ViewModifier {
  public var content: Content
  public var modifier: Modifier
  public var body: Never { fatalError() }
}

extension View {
  /// doc: view/modifier(_:) — `func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T>`
  public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
    ModifiedContent(content: self, modifier: modifier)
  }
}

// MARK: - State and animation

/// doc: dynamicproperty — `protocol DynamicProperty`
public protocol DynamicProperty {}

/// doc: state — `@frozen @propertyWrapper struct State<Value>`
@propertyWrapper public struct State<Value>: DynamicProperty {
  private final class Box {
    var value: Value
    init(_ value: Value) { self.value = value }
  }
  private let box: Box
  /// doc: state/init(wrappedvalue:)
  public init(wrappedValue value: Value) { box = Box(value) }
  /// doc: state/wrappedvalue — `var wrappedValue: Value { get nonmutating set }`
  public var wrappedValue: Value {
    get { box.value }
    nonmutating set { box.value = newValue }
  }
}

/// doc: vectorarithmetic — `protocol VectorArithmetic : AdditiveArithmetic`
public protocol VectorArithmetic: AdditiveArithmetic {
  /// doc: vectorarithmetic/scale(by:) — `mutating func scale(by rhs: Double)`
  mutating func scale(by rhs: Double)
  /// doc: vectorarithmetic/magnitudesquared — `var magnitudeSquared: Double { get }`
  var magnitudeSquared: Double { get }
}

/// doc: emptyanimatabledata — `@frozen struct EmptyAnimatableData`
public struct EmptyAnimatableData: VectorArithmetic {
  public init() {}
  public static var zero: EmptyAnimatableData { EmptyAnimatableData() }
  public static func + (lhs: Self, rhs: Self) -> Self { lhs }
  public static func - (lhs: Self, rhs: Self) -> Self { lhs }
  public mutating func scale(by rhs: Double) {}
  public var magnitudeSquared: Double { 0 }
}

/// doc: animatable — `protocol Animatable`
public protocol Animatable {
  /// doc: animatable/animatabledata-swift.associatedtype
  associatedtype AnimatableData: VectorArithmetic
  /// doc: animatable/animatabledata-6nydg — `var animatableData: Self.AnimatableData { get set }`
  var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
  /// doc: animatable/animatabledata-6nydg (default implementation)
  public var animatableData: EmptyAnimatableData {
    get { EmptyAnimatableData() }
    set {}
  }
}

/// doc: animation — `@frozen struct Animation`
public struct Animation: Sendable {
  /// doc: animation/default
  public static let `default` = Animation()
  /// doc: animation/spring(duration:bounce:blendduration:)
  public static func spring(
    duration: TimeInterval = 0.5, bounce: Double = 0.0, blendDuration: Double = 0
  )
    -> Animation
  { Animation() }
  /// doc: animation/linear(duration:) — `static func linear(duration: TimeInterval) -> Animation`
  public static func linear(duration: TimeInterval) -> Animation { Animation() }
  /// doc: animation/repeatforever(autoreverses:) — `func repeatForever(autoreverses: Bool = true) -> Animation`
  public func repeatForever(autoreverses: Bool = true) -> Animation { self }
}

/// doc: withanimation(_:_:) — `func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result`
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result)
  rethrows -> Result
{ try body() }

// MARK: - Geometry

/// doc: geometryproxy — `struct GeometryProxy`
public struct GeometryProxy {
  /// doc: geometryproxy/size — `var size: CGSize { get }`
  public var size: CGSize { .zero }
}

/// doc: geometryreader — `@frozen struct GeometryReader<Content> where Content : View`
nonisolated public struct GeometryReader<Content: View>: View {
  /// doc: geometryreader/init(content:) — `init(@ViewBuilder content: @escaping (GeometryProxy) -> Content)`
  public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
  public var body: Never { fatalError() }
}

/// doc: unitpoint — `@frozen struct UnitPoint`
public struct UnitPoint: Hashable, Sendable {
  public var x: CGFloat
  public var y: CGFloat
  /// doc: unitpoint/topleading
  public static let topLeading = UnitPoint(x: 0, y: 0)
  /// doc: unitpoint/bottomtrailing
  public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// doc: alignment — `@frozen struct Alignment`
public struct Alignment: Sendable {
  /// doc: alignment/center
  public static let center = Alignment()
}

/// doc: horizontalalignment — `@frozen struct HorizontalAlignment`
public struct HorizontalAlignment: Sendable {
  /// doc: horizontalalignment/center
  public static let center = HorizontalAlignment()
}

/// doc: verticalalignment — `@frozen struct VerticalAlignment`
public struct VerticalAlignment: Sendable {
  /// doc: verticalalignment/center
  public static let center = VerticalAlignment()
}

/// doc: edge — `@frozen enum Edge`
public enum Edge: Int8, Sendable {
  case top, leading, bottom, trailing
  /// doc: edge/set — `@frozen struct Set`
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// doc: edge/set/all
    public static let all = Set(rawValue: 15)
  }
}

/// doc: contentmode — `enum ContentMode`
public enum ContentMode: Hashable, Sendable {
  case fit
  case fill
}

/// doc: coordinatespaceprotocol — `protocol CoordinateSpaceProtocol`
public protocol CoordinateSpaceProtocol {}

/// doc: localcoordinatespace — `struct LocalCoordinateSpace`
public struct LocalCoordinateSpace: CoordinateSpaceProtocol {
  public init() {}
}

extension CoordinateSpaceProtocol where Self == LocalCoordinateSpace {
  /// doc: coordinatespaceprotocol/local — `static var local: LocalCoordinateSpace { get }`
  public static var local: LocalCoordinateSpace { LocalCoordinateSpace() }
}

/// doc: blendmode — `enum BlendMode` (the cases used: `normal`, `plusLighter`)
public enum BlendMode: Sendable {
  /// doc: blendmode/normal
  case normal
  /// doc: blendmode/pluslighter
  case plusLighter
}

// MARK: - Layout and modifiers

extension View {
  /// doc: view/frame(width:height:alignment:)
  public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
    -> some View
  { self }
  /// doc: view/padding(_:)-6pgqq — `func padding(_ length: CGFloat) -> some View`
  public func padding(_ length: CGFloat) -> some View { self }
  /// doc: view/padding(_:_:) — `func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View`
  public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { self }
  /// doc: view/opacity(_:) — `nonisolated func opacity(_ opacity: Double) -> some View`
  nonisolated public func opacity(_ opacity: Double) -> some View { self }
  /// doc: view/blendmode(_:) — `nonisolated func blendMode(_ blendMode: BlendMode) -> some View`
  nonisolated public func blendMode(_ blendMode: BlendMode) -> some View { self }
  /// doc: view/compositinggroup() — `nonisolated func compositingGroup() -> some View`
  nonisolated public func compositingGroup() -> some View { self }
  /// doc: view/position(_:) — `func position(_ position: CGPoint) -> some View`
  public func position(_ position: CGPoint) -> some View { self }
  /// doc: view/aspectratio(_:contentmode:)-771ow — `func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View`
  public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
    self
  }
  /// doc: view/font(_:) — `func font(_ font: Font?) -> some View`
  public func font(_ font: Font?) -> some View { self }
  /// doc: view/foregroundstyle(_:) — `func foregroundStyle<S>(_ style: S) -> some View where S : ShapeStyle`
  public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle { self }
  /// doc: view/onchange(of:initial:_:)-4psgg
  public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void)
    -> some View where V: Equatable
  { self }
  /// doc: view/ongeometrychange(for:of:action:)
  public func onGeometryChange<T>(
    for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T,
    action: @escaping (T) -> Void
  ) -> some View where T: Equatable, T: Sendable { self }
  /// doc: view/ontapgesture(count:coordinatespace:perform:) — iOS 17, macOS 14, visionOS 1, watchOS 10; no tvOS
  @available(iOS 17.0, macOS 14.0, watchOS 10.0, visionOS 1.0, *)
  @available(tvOS, unavailable)
  public func onTapGesture<S: CoordinateSpaceProtocol>(
    count: Int = 1, coordinateSpace: S = .local, perform action: @escaping (CGPoint) -> Void
  ) -> some View { self }
  /// doc: view/overlay(alignment:content:) — `func overlay<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V : View`
  public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
    -> some View
  { self }
  /// doc: view/mask(alignment:_:) — `func mask<Mask>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View where Mask : View`
  public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask)
    -> some View
  { self }
  /// doc: view/task(id:priority:_:) — `func task<T>(id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @isolated(any) @Sendable () async -> Void) -> some View where T : Equatable`
  /// (SwiftUI's interface marks the closure `@_inheritActorContext`: it runs
  /// on the view's actor, the main actor.)
  public func task<T: Equatable>(
    id value: T, priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void
  ) -> some View { self }
  /// doc: view/onappear(perform:) — `nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View`
  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
  /// doc: view/transition(_:)-5h5h0 — `nonisolated func transition(_ t: AnyTransition) -> some View`
  nonisolated public func transition(_ t: AnyTransition) -> some View { self }
  /// doc: view/id(_:) — `nonisolated func id<ID>(_ id: ID) -> some View where ID : Hashable`
  nonisolated public func id<ID>(_ id: ID) -> some View where ID: Hashable { self }
  /// doc: view/gesture(_:including:) — `func gesture<T>(_ gesture: T, including mask: GestureMask = .all) -> some View where T : Gesture`
  public func gesture<T>(_ gesture: T, including mask: GestureMask = .all) -> some View
  where T: Gesture { self }
}

// MARK: - Gestures

/// doc: gesture — `@MainActor @preconcurrency protocol Gesture<Value>`
@MainActor @preconcurrency public protocol Gesture<Value> {
  associatedtype Value
}

/// doc: gesturemask — `@frozen struct GestureMask`
public struct GestureMask: OptionSet, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// doc: gesturemask/all
  public static let all = GestureMask(rawValue: 3)
}

/// doc: draggesture — `@MainActor @preconcurrency struct DragGesture` — iOS 13, macOS 10.15, visionOS 1, watchOS 6; no tvOS
@available(iOS 13.0, macOS 10.15, watchOS 6.0, visionOS 1.0, *)
@available(tvOS, unavailable)
@MainActor @preconcurrency public struct DragGesture: Gesture {
  /// doc: draggesture/value — `struct Value`
  public struct Value: Equatable, Sendable {
    /// doc: draggesture/value/location — `var location: CGPoint`
    public var location: CGPoint
  }
  /// doc: draggesture/init(minimumdistance:coordinatespace:)
  public init() {}
}

/// Placeholder for the result of `onChanged(_:)` (doc: gesture/onchanged(_:) returns `_ChangedGesture<Self>`).
nonisolated public struct _ChangedGesture<Content: Gesture>: Gesture {
  public typealias Value = Content.Value
}

extension Gesture where Value: Equatable {
  /// doc: gesture/onchanged(_:) — `func onChanged(_ action: @escaping (Self.Value) -> Void) -> _ChangedGesture<Self>`
  public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> {
    _ChangedGesture()
  }
}

// MARK: - Controls, text, stacks

/// doc: text — `@frozen struct Text`
nonisolated public struct Text: View {
  /// doc: text/init(_:)-9d1g4 — `init<S>(_ content: S) where S : StringProtocol`
  public init<S>(_ content: S) where S: StringProtocol {}
  public var body: Never { fatalError() }
}

/// doc: button — `struct Button<Label> where Label : View`
nonisolated public struct Button<Label: View>: View {
  public var body: Never { fatalError() }
}

extension Button where Label == Text {
  /// doc: button/init(_:action:)-lpm7 — `init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S : StringProtocol`
  public init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S: StringProtocol {}
}

/// doc: vstack — `@frozen struct VStack<Content> where Content : View`
nonisolated public struct VStack<Content: View>: View {
  /// doc: vstack/init(alignment:spacing:content:)
  public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {}
  public var body: Never { fatalError() }
}

/// doc: hstack — `@frozen struct HStack<Content> where Content : View`
nonisolated public struct HStack<Content: View>: View {
  /// doc: hstack/init(alignment:spacing:content:)
  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {}
  public var body: Never { fatalError() }
}

/// doc: zstack — `@frozen struct ZStack<Content> where Content : View`
nonisolated public struct ZStack<Content: View>: View {
  /// doc: zstack/init(alignment:content:)
  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}

/// doc: foreach — `struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable`
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
  /// doc: foreach/init(_:id:content:) — `init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)`
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {}
  public var body: Never { fatalError() }
}

/// doc: font — `@frozen struct Font`
public struct Font: Hashable, Sendable {
  /// doc: font/weight — `@frozen struct Weight`
  public struct Weight: Hashable, Sendable {
    /// doc: font/weight/bold
    public static let bold = Weight()
  }
  /// doc: font/width — `struct Width`
  public struct Width: Hashable, Sendable {
    /// doc: font/width/expanded
    public static let expanded = Width()
  }
  /// doc: font/design — `enum Design`
  public enum Design: Hashable, Sendable { case `default` }
  /// doc: font/system(size:weight:design:) — `static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font`
  public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil)
    -> Font
  { Font() }
  /// doc: font/width(_:) — `func width(_ width: Font.Width) -> Font`
  public func width(_ width: Font.Width) -> Font { self }
}

// MARK: - Colours, shapes, gradients

/// doc: shapestyle — `protocol ShapeStyle : Sendable`
public protocol ShapeStyle: Sendable {
  /// doc: shapestyle/resolved — `associatedtype Resolved : ShapeStyle = Never` — iOS 17, macOS 14, tvOS 17, visionOS 1, watchOS 10
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
  associatedtype Resolved: ShapeStyle = Never
  /// doc: shapestyle/resolve(in:) — `func resolve(in environment: EnvironmentValues) -> Self.Resolved` — iOS 17, macOS 14, tvOS 17, visionOS 1, watchOS 10
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
  func resolve(in environment: EnvironmentValues) -> Resolved
}

extension ShapeStyle where Resolved == Never {
  /// doc: shapestyle/resolve(in:)-6feyg — `func resolve(in environment: EnvironmentValues) -> Never` — iOS 17, macOS 14, tvOS 17, visionOS 1, watchOS 10
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
  public func resolve(in environment: EnvironmentValues) -> Never { fatalError() }
}

/// doc: shapestyle/resolved (`Resolved : ShapeStyle = Never`: Never is a shape style)
extension Never: ShapeStyle {}

/// doc: anyshapestyle — `@frozen struct AnyShapeStyle` — iOS 15, macOS 12, tvOS 15, visionOS 1, watchOS 8
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public struct AnyShapeStyle: ShapeStyle {
  /// doc: anyshapestyle/init(_:) — `init<S>(_ style: S) where S : ShapeStyle`
  public init<S>(_ style: S) where S: ShapeStyle {}
}

/// doc: imagepaint — `@frozen struct ImagePaint` ("A shape style that fills a shape by repeating a region of an image")
public struct ImagePaint: ShapeStyle {
  /// doc: imagepaint/init(image:sourcerect:scale:) — `init(image: Image, sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1), scale: CGFloat = 1)`
  public init(
    image: Image, sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1), scale: CGFloat = 1
  ) {}
}

/// doc: color — `@frozen struct Color`
nonisolated public struct Color: Hashable, Sendable, ShapeStyle, View {
  /// doc: color/rgbcolorspace — `enum RGBColorSpace`
  public enum RGBColorSpace: Hashable, Sendable {
    case sRGB, sRGBLinear, displayP3
  }
  /// doc: color/init(_:red:green:blue:opacity:) — `init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1)`
  public init(
    _ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
    opacity: Double = 1
  ) {}
  /// doc: color/black, color/white, color/blue, color/purple, color/orange, color/clear
  public static let black = Color(red: 0, green: 0, blue: 0)
  public static let white = Color(red: 1, green: 1, blue: 1)
  public static let blue = Color(red: 0, green: 0, blue: 1)
  public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
  public static let orange = Color(red: 1, green: 0.5, blue: 0)
  public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
  public var body: Never { fatalError() }
}

extension ShapeStyle where Self == Color {
  /// doc: shapestyle/blue etc. (`static var blue: Color { get }` on ShapeStyle where Self == Color)
  public static var blue: Color { Color.blue }
  public static var purple: Color { Color.purple }
  public static var orange: Color { Color.orange }
}

/// doc: lineargradient — `@frozen struct LinearGradient`
nonisolated public struct LinearGradient: ShapeStyle, View {
  /// doc: lineargradient/init(colors:startpoint:endpoint:)
  public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {}
  public var body: Never { fatalError() }
}

/// doc: gradient — `@frozen struct Gradient`
public struct Gradient: Hashable, Sendable {
  /// doc: gradient/colorspace — `struct ColorSpace` — iOS 16, macOS 13, tvOS 16, visionOS 1, watchOS 9
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
  public struct ColorSpace: Hashable, Sendable {
    /// doc: gradient/colorspace/device
    public static let device = ColorSpace()
    /// doc: gradient/colorspace/perceptual
    public static let perceptual = ColorSpace()
  }
}

/// doc: meshgradient — `nonisolated struct MeshGradient` — iOS 18, macOS 15, tvOS 18, visionOS 2, watchOS 11
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
nonisolated public struct MeshGradient: ShapeStyle, View {
  /// doc: meshgradient/locations-swift.enum
  public enum Locations: Equatable, Sendable {
    /// doc: meshgradient/locations-swift.enum/points(_:) — `case points([SIMD2<Float>])`
    case points([SIMD2<Float>])
    /// doc: meshgradient/locations-swift.enum/bezierpoints(_:) — `case bezierPoints([MeshGradient.BezierPoint])`
    case bezierPoints([MeshGradient.BezierPoint])
  }
  /// doc: meshgradient/colors-swift.enum
  public enum Colors: Equatable, Sendable {
    /// doc: meshgradient/colors-swift.enum/colors(_:) — `case colors([Color])`
    case colors([Color])
  }
  /// doc: meshgradient/bezierpoint — `@frozen struct BezierPoint`
  public struct BezierPoint: Equatable, Sendable {
    public var position: SIMD2<Float>
    public var leadingControlPoint: SIMD2<Float>
    public var topControlPoint: SIMD2<Float>
    public var trailingControlPoint: SIMD2<Float>
    public var bottomControlPoint: SIMD2<Float>
    /// doc: meshgradient/bezierpoint/init(position:leadingcontrolpoint:topcontrolpoint:trailingcontrolpoint:bottomcontrolpoint:)
    public init(
      position: SIMD2<Float>, leadingControlPoint: SIMD2<Float>, topControlPoint: SIMD2<Float>,
      trailingControlPoint: SIMD2<Float>, bottomControlPoint: SIMD2<Float>
    ) {
      self.position = position
      self.leadingControlPoint = leadingControlPoint
      self.topControlPoint = topControlPoint
      self.trailingControlPoint = trailingControlPoint
      self.bottomControlPoint = bottomControlPoint
    }
  }
  /// doc: meshgradient/init(width:height:locations:colors:background:smoothscolors:colorspace:)
  public init(
    width: Int, height: Int, locations: MeshGradient.Locations, colors: MeshGradient.Colors,
    background: Color = .clear, smoothsColors: Bool = true,
    colorSpace: Gradient.ColorSpace = .device
  ) {}
  /// doc: meshgradient/init(width:height:points:colors:background:smoothscolors:colorspace:)
  public init(
    width: Int, height: Int, points: [SIMD2<Float>], colors: [Color], background: Color = .clear,
    smoothsColors: Bool = true, colorSpace: Gradient.ColorSpace = .device
  ) {}
  public var body: Never { fatalError() }
}

/// doc: shape — `protocol Shape : Sendable, Animatable, View`
nonisolated public protocol Shape: Sendable, Animatable, View {
  /// doc: shape/path(in:)
  nonisolated func path(in rect: CGRect) -> Path
}

extension Shape {
  /// doc: shape/fill(_:style:) — `func fill<S>(_ content: S, style: FillStyle = FillStyle()) -> some View where S : ShapeStyle`
  public func fill<S>(_ content: S, style: FillStyle = FillStyle()) -> some View
  where S: ShapeStyle {
    self
  }
  public var body: Never { fatalError() }
}

/// doc: circle — `@frozen struct Circle`
nonisolated public struct Circle: Shape {
  /// doc: circle/init()
  public init() {}
  public nonisolated func path(in rect: CGRect) -> Path { Path(rect) }
}

/// doc: path — `@frozen struct Path`
public struct Path: Sendable {
  /// doc: path/init(_:)-3v2kl — `init(_ rect: CGRect)`
  public init(_ rect: CGRect) {}
}

/// doc: fillstyle — `@frozen struct FillStyle`
public struct FillStyle: Sendable {
  /// doc: fillstyle/init(eofill:antialiased:)
  public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

/// doc: graphicscontext — `@frozen struct GraphicsContext`
public struct GraphicsContext {
  /// doc: graphicscontext/shading — `struct Shading`
  public struct Shading: Sendable {
    /// doc: graphicscontext/shading/color(_:)-1m8ba — `static func color(_ color: Color) -> GraphicsContext.Shading`
    public static func color(_ color: Color) -> GraphicsContext.Shading { Shading() }
  }
  /// doc: graphicscontext/fill(_:with:style:)
  public func fill(
    _ path: Path, with shading: GraphicsContext.Shading, style: FillStyle = FillStyle()
  ) {}
}

/// doc: canvas — `struct Canvas<Symbols> where Symbols : View`
nonisolated public struct Canvas<Symbols: View>: View {
  public var body: Never { fatalError() }
}

extension Canvas where Symbols == EmptyView {
  /// doc: canvas/init(opaque:colormode:rendersasynchronously:renderer:) (colorMode left out)
  public init(
    opaque: Bool = false, rendersAsynchronously: Bool = false,
    renderer: @escaping (inout GraphicsContext, CGSize) -> Void
  ) {}
}

// MARK: - Time

/// doc: timelineschedule — `protocol TimelineSchedule`
public protocol TimelineSchedule {}

/// doc: animationtimelineschedule — `struct AnimationTimelineSchedule`
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
  /// doc: animationtimelineschedule/init(minimuminterval:paused:)
  public init(minimumInterval: Double? = nil, paused: Bool = false) {}
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
  /// doc: timelineschedule/animation — `static var animation: AnimationTimelineSchedule { get }`
  public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
}

/// doc: timelineviewdefaultcontext — `struct TimelineViewDefaultContext`
/// (the context a timeline view's content closure receives).
public struct TimelineViewDefaultContext {
  /// doc: timelineviewdefaultcontext/date — `let date: Date`
  public let date: Date
}

/// doc: timelineview — `struct TimelineView<Schedule, Content> where Schedule : TimelineSchedule`
nonisolated public struct TimelineView<Schedule: TimelineSchedule, Content: View> {
  /// doc: timelineview/context — `typealias Context = TimelineViewDefaultContext`
  public typealias Context = TimelineViewDefaultContext
}

extension TimelineView: View where Content: View {
  /// doc: timelineview/init(_:content:)-1mlmj — `init(_ schedule: Schedule, @ContentBuilder content: @escaping (TimelineViewDefaultContext) -> Content)`
  /// (written with `@ViewBuilder`, which is what a view's content closure uses)
  public init(
    _ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content
  ) {}
  public var body: Never { fatalError() }
}

// MARK: - Shaders and visual effects

/// doc: shaderlibrary — `@dynamicMemberLookup struct ShaderLibrary`
public struct ShaderLibrary: Sendable {
  /// doc: shaderlibrary/bundle(_:) — `static func bundle(_ bundle: Bundle) -> ShaderLibrary`
  public static func bundle(_ bundle: Bundle) -> ShaderLibrary { ShaderLibrary() }
}

/// doc: shaderfunction — `@dynamicCallable struct ShaderFunction`
public struct ShaderFunction: Sendable {
  /// doc: shaderfunction/init(library:name:) — `init(library: ShaderLibrary, name: String)`
  public init(library: ShaderLibrary, name: String) {}
}

/// doc: shader — `struct Shader`
public struct Shader: Sendable {
  /// doc: shader/argument — `struct Argument`
  public struct Argument: Sendable {
    /// doc: shader/argument/floatarray(_:) — `static func floatArray(_ array: [Float]) -> Shader.Argument`
    public static func floatArray(_ array: [Float]) -> Shader.Argument { Argument() }
    /// doc: shader/argument/float2(_:)-7uxd — `static func float2(_ size: CGSize) -> Shader.Argument`
    public static func float2(_ size: CGSize) -> Shader.Argument { Argument() }
    /// doc: shader/argument/float(_:) — `static func float<T>(_ x: T) -> Shader.Argument where T : BinaryFloatingPoint`
    public static func float<T>(_ x: T) -> Shader.Argument where T: BinaryFloatingPoint {
      Argument()
    }
    /// doc: shader/argument/color(_:) — `static func color(_ color: Color) -> Shader.Argument`
    public static func color(_ color: Color) -> Shader.Argument { Argument() }
  }
  /// doc: shader/init(function:arguments:) — `init(function: ShaderFunction, arguments: [Shader.Argument])`
  public init(function: ShaderFunction, arguments: [Shader.Argument]) {}
  /// doc: shader/usagetype — `struct UsageType` (Hashable, Sendable; iOS 18, macOS 15, tvOS 18, visionOS 2)
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, visionOS 2.0, *)
  public struct UsageType: Hashable, Sendable {
    /// doc: shader/usagetype/layereffect — `static let layerEffect: Shader.UsageType`
    public static let layerEffect = UsageType()
  }
  /// doc: shader/compile(as:) — `func compile(as type: Shader.UsageType) async throws`
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, visionOS 2.0, *)
  public func compile(as type: Shader.UsageType) async throws {}
}

/// doc: visualeffect — `protocol VisualEffect : Sendable, Animatable`
public protocol VisualEffect: Sendable, Animatable {}

/// doc: emptyvisualeffect — `struct EmptyVisualEffect`
public struct EmptyVisualEffect: VisualEffect {
  /// doc: emptyvisualeffect/init()
  public init() {}
}

extension VisualEffect {
  /// doc: visualeffect/distortioneffect(_:maxsampleoffset:isenabled:) — `func distortionEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true) -> some VisualEffect`
  public func distortionEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true)
    -> some VisualEffect
  { self }
  /// doc: visualeffect/layereffect(_:maxsampleoffset:isenabled:) — `func layerEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true) -> some VisualEffect`
  /// — iOS 17, macOS 14, tvOS 17, visionOS 1; no watchOS (as view/layereffect(_:maxsampleoffset:isenabled:))
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  @available(watchOS, unavailable)
  public func layerEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true)
    -> some VisualEffect
  { self }
}

extension View {
  /// doc: view/visualeffect(_:) — `func visualEffect(_ effect: @escaping @Sendable (EmptyVisualEffect, GeometryProxy) -> some VisualEffect) -> some View`
  public func visualEffect<E: VisualEffect>(
    _ effect: @escaping @Sendable (EmptyVisualEffect, GeometryProxy) -> E
  ) -> some View { self }
  /// doc: view/distortioneffect(_:maxsampleoffset:isenabled:)
  public func distortionEffect(_ shader: Shader, maxSampleOffset: CGSize, isEnabled: Bool = true)
    -> some View
  { self }
}

// MARK: - Apps and previews

/// doc: scene — `@MainActor @preconcurrency protocol Scene`
@MainActor @preconcurrency public protocol Scene {
  associatedtype Body: Scene
  @SceneBuilder @MainActor var body: Body { get }
}

extension Never: Scene {}

/// doc: scenebuilder — `@resultBuilder struct SceneBuilder`
@resultBuilder public struct SceneBuilder {
  /// doc: scenebuilder/buildblock(_:)
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// doc: windowgroup — `struct WindowGroup<Content> where Content : View`
nonisolated public struct WindowGroup<Content: View>: Scene {
  /// doc: windowgroup/init(content:) — `init(@ViewBuilder content: () -> Content)`
  public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}

/// doc: app — `@MainActor @preconcurrency protocol App`
@MainActor @preconcurrency public protocol App {
  associatedtype Body: Scene
  /// doc: app/body-swift.property
  @SceneBuilder @MainActor var body: Body { get }
  /// doc: app/init()
  @MainActor init()
}

extension App {
  /// doc: app/main() — `@MainActor static func main()`
  @MainActor public static func main() {}
}

/// doc: previewprovider — `@MainActor @preconcurrency protocol PreviewProvider : _PreviewProvider`
@MainActor @preconcurrency public protocol PreviewProvider {
  associatedtype Previews: View
  /// doc: previewprovider/previews-swift.type.property
  @ViewBuilder @MainActor static var previews: Previews { get }
}

/// doc: anytransition — `@frozen struct AnyTransition`
public struct AnyTransition {
  /// doc: anytransition/modifier(active:identity:) — `static func modifier<E>(active: E, identity: E) -> AnyTransition where E : ViewModifier`
  public static func modifier<E>(active: E, identity: E) -> AnyTransition where E: ViewModifier {
    AnyTransition()
  }
}

// MARK: - Images and environment

/// doc: image — `@frozen struct Image`
nonisolated public struct Image: View {
  /// doc: image/orientation — `@frozen enum Orientation`
  public enum Orientation: UInt8, Sendable { case up }
  /// doc: image/init(decorative:scale:orientation:) — `init(decorative cgImage: CGImage, scale: CGFloat, orientation: Image.Orientation = .up)`
  public init(decorative cgImage: CGImage, scale: CGFloat, orientation: Image.Orientation = .up) {}
  /// doc: image/init(_:bundle:) — `init(_ name: String, bundle: Bundle? = nil)`
  public init(_ name: String, bundle: Bundle? = nil) {}
  /// doc: image/resizable(capinsets:resizingmode:) (arguments left out: both have defaults)
  public func resizable() -> Image { self }
  public var body: Never { fatalError() }
}

/// doc: environmentvalues — `struct EnvironmentValues`
public struct EnvironmentValues {
  /// doc: environmentvalues/displayscale — `var displayScale: CGFloat { get set }`
  public var displayScale: CGFloat { 1 }
}

/// doc: environment — `@frozen @propertyWrapper struct Environment<Value>`
@propertyWrapper public struct Environment<Value>: DynamicProperty {
  /// doc: environment/init(_:)-8slkf — `init(_ keyPath: KeyPath<EnvironmentValues, Value>)`
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
  /// doc: environment/wrappedvalue — `var wrappedValue: Value { get }`
  public var wrappedValue: Value { fatalError() }
}

// MARK: - Angles and built-in transitions (the mesh effects)

/// doc: angle — `@frozen struct Angle`
public struct Angle: Hashable, Sendable {
  /// doc: angle/radians — `var radians: Double`
  public var radians: Double
  /// doc: angle/degrees — `var degrees: Double { get set }`
  public var degrees: Double {
    get { radians * 180 / .pi }
    set { radians = newValue * .pi / 180 }
  }
  /// doc: angle/init(radians:) — `init(radians: Double)`
  public init(radians: Double) { self.radians = radians }
  /// doc: angle/init(degrees:) — `init(degrees: Double)`
  public init(degrees: Double) { self.radians = degrees * .pi / 180 }
  /// doc: angle/degrees(_:) — `static func degrees(_ degrees: Double) -> Angle`
  public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
  /// doc: angle/radians(_:) — `static func radians(_ radians: Double) -> Angle`
  public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
}

extension AnyTransition {
  /// doc: anytransition/opacity — `nonisolated(unsafe) static let opacity: AnyTransition`
  nonisolated(unsafe) public static let opacity = AnyTransition()
  /// doc: anytransition/combined(with:) — `func combined(with other: AnyTransition) -> AnyTransition`
  public func combined(with other: AnyTransition) -> AnyTransition { self }
}
