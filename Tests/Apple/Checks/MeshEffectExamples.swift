// The mesh effects' and the morph's examples, as the pages show them: every
// ```swift block of Sources/MeshWarpEffect/MeshWarpEffect.docc/MeshEffects.md,
// Morphing.md and the
// "Mesh effects" section of Documentation/SwiftUI.md appears here line for
// line (Scripts/typecheck-apple.sh checks it, then type-checks this file as
// an app that imports MeshWarpEffect).
import MeshWarpEffect
import SwiftUI

struct EffectGallery: View {
  var body: some View {
    VStack {
      Image("photo")
        .meshWarpEffect(.twirl(angle: .degrees(90)))
      Image("photo")
        .meshWarpEffect(.bulge(strength: -0.5))  // a pinch
      Image("photo")
        .meshWarpEffect(.wave(amplitude: 0.03, wavelength: 0.3))
    }
  }
}

struct RippleLoop: View {
  @State private var phase = 0.0

  var body: some View {
    Image("photo")
      .meshWarpEffect(.ripple(amplitude: 0.01, wavelength: 0.08, phase: phase))
      .onAppear {
        withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) {
          phase = 2 * .pi
        }
      }
  }
}

struct CardDeck: View {
  @State private var shown = true

  var body: some View {
    VStack {
      if shown {
        Text("Card")
          .transition(.twirl)  // also .pinch, .ripple, .genie(target:edge:)
      }
      Button("Deal") {
        withAnimation { shown.toggle() }
      }
    }
  }
}

struct TwirlToBulge: View {
  @State private var twirled = true

  var body: some View {
    VStack {
      // From one kind to the other through the untouched view.
      Image("photo")
        .meshWarpEffect(twirled ? .twirl(angle: .degrees(120)) : .bulge(strength: 0.5))
      Button("Switch") {
        withAnimation { twirled.toggle() }
      }
    }
  }
}

struct TwirlOrBulge: View {
  let twirled: Bool

  var body: some View {
    // A new view per kind: no animation between them.
    Image("photo")
      .meshWarpEffect(twirled ? .twirl(angle: .degrees(120)) : .bulge(strength: 0.5))
      .id(twirled)
  }
}

struct CorrectedPhoto: View {
  var body: some View {
    // A camera in fractions of the view corrects alike at @2x and @3x.
    Image("photo")
      .meshWarpEffect(
        .lens(
          camera: LensCamera(fx: 0.8, fy: 1.07, cx: 0.5, cy: 0.5, units: .unit),
          distortion: LensDistortion(k1: -0.45, k2: 0.1)),
        addressMode: .clampToZero)
  }
}

struct CatToDog: View {
  let document: MorphDocument
  @State private var progress = 0.0

  var body: some View {
    VStack {
      MeshMorph(document, progress: progress) {
        Image("cat").resizable()
      } to: {
        Image("dog").resizable()
      }
      .frame(width: 300, height: 300)
      Button("Morph") {
        withAnimation(.linear(duration: 2)) { progress = progress < 0.5 ? 1 : 0 }
      }
    }
  }
}
