#!/bin/sh
# Environment for the WebGPU tests in Node (Dawn on SwiftShader's Vulkan driver from Debian's
# chromium-common). Usage: eval "$(scripts/webgpu-env.sh)" && npx vitest run test/webgpu-*.test.ts
if [ ! -e /usr/lib/chromium/libvk_swiftshader.so ]; then
  echo "echo 'missing /usr/lib/chromium/libvk_swiftshader.so: apt-get install -y chromium-common' >&2"
fi
echo "export VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json"
echo "export LD_LIBRARY_PATH=/usr/lib/chromium\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
echo "export XDG_RUNTIME_DIR=\${XDG_RUNTIME_DIR:-/tmp}"
