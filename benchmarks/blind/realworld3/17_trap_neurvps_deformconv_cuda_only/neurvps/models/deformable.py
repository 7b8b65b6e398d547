import os
import torch
import torch.nn as nn
from torch.autograd import Function
from torch.utils.cpp_extension import load

DCN = None


def load_cpp_ext(ext_name):
    root_dir = os.path.join(os.path.split(__file__)[0])
    src_dir = os.path.join(root_dir, "cpp")
    tar_dir = os.path.join(src_dir, "build", ext_name)
    os.makedirs(tar_dir, exist_ok=True)
    srcs = [os.path.join(src_dir, "deform_conv.cpp"), os.path.join(src_dir, "deform_conv_cuda.cu")]
    ext = load(
        name=ext_name,
        sources=srcs,
        extra_cflags=["-O3"],
        extra_cuda_cflags=[],
        build_directory=tar_dir,
        verbose=False,
    )
    return ext


class DeformConvFunction(Function):
    @staticmethod
    def forward(ctx, input, offset, weight, stride, padding, dilation, group, deformable_groups, im2col_step):
        ctx.stride, ctx.padding, ctx.dilation = stride, padding, dilation
        ctx.group, ctx.deformable_groups, ctx.im2col_step = group, deformable_groups, im2col_step
        output = DCN.deform_conv_forward(input, weight, offset, weight.shape[2], weight.shape[3],
                                         stride, stride, padding, padding, dilation, dilation,
                                         group, deformable_groups, im2col_step)
        ctx.save_for_backward(input, offset, weight)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, offset, weight = ctx.saved_tensors
        grad_input, grad_weight, grad_offset = DCN.deform_conv_backward(
            input, weight, offset, grad_output.contiguous(), weight.shape[2], weight.shape[3],
            ctx.stride, ctx.stride, ctx.padding, ctx.padding, ctx.dilation, ctx.dilation,
            ctx.group, ctx.deformable_groups, ctx.im2col_step)
        return grad_input, grad_offset, grad_weight, None, None, None, None, None, None


class DeformConv(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
                 groups=1, deformable_groups=1, im2col_step=11, bias=True):
        global DCN
        DCN = load_cpp_ext("DCN")
        super(DeformConv, self).__init__()
        self.stride, self.padding, self.dilation = stride, padding, dilation
        self.groups, self.deformable_groups, self.im2col_step = groups, deformable_groups, im2col_step
        self.weight = nn.Parameter(torch.empty(out_channels, in_channels // groups, kernel_size, kernel_size))
        self.bias = nn.Parameter(torch.zeros(out_channels)) if bias else None
        nn.init.kaiming_uniform_(self.weight, a=1)

    def forward(self, input, offset):
        out = DeformConvFunction.apply(input, offset, self.weight, self.stride, self.padding,
                                       self.dilation, self.groups, self.deformable_groups, self.im2col_step)
        if self.bias is not None:
            out = out + self.bias.view(1, -1, 1, 1)
        return out
