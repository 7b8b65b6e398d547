#pragma once
#include <torch/extension.h>

// TODO: CPU implementation of the deformable convolution im2col.
// Only the CUDA path (deform_conv_cuda.cu) is implemented.
at::Tensor deform_conv_forward_cpu(const at::Tensor &input, const at::Tensor &weight,
                                   const at::Tensor &offset, int kH, int kW, int dH, int dW,
                                   int padH, int padW, int dilationH, int dilationW, int group,
                                   int deformable_group, int im2col_step);
